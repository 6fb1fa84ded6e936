/** A crew member's row of a branch in Los Angeles, for move day's tests (`email` at `domain`). */
export function crewRow(
  at: { companyId: number; branchId: number },
  firstName: string,
  domain = 'crew.test',
) {
  return {
    companyId: at.companyId,
    branchId: at.branchId,
    firstName,
    lastName: 'Crew',
    email: `${firstName.toLowerCase()}@${domain}`,
    phoneNumber: '+12135550199',
    zipCode: '90001',
  };
}
