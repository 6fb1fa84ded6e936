/** Query keys of the options page: the company's settings and a branch's hours and blocked time. */
export const optionsKeys = {
  company: (companyId: number) => ['company-settings', companyId] as const,
  workingDays: (branchId: number) => ['working-days', branchId] as const,
  blockedDays: (branchId: number) => ['blocked-days', branchId] as const,
  blockedRange: (branchId: number, from: string, to: string | null) =>
    ['blocked-days', branchId, from, to] as const,
};
