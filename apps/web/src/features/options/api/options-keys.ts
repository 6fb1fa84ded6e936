/** Query keys of the options page: a branch's hours (the company's settings: lib/api/company-settings; blocked time: lib/api/blocked-days). */
export const optionsKeys = {
  workingDays: (branchId: number) => ['working-days', branchId] as const,
};
