/** Query keys of the options page: the company's settings and a branch's hours (blocked time: lib/api/blocked-days). */
export const optionsKeys = {
  company: (companyId: number) => ['company-settings', companyId] as const,
  workingDays: (branchId: number) => ['working-days', branchId] as const,
};
