/** The blocked-time fields the form shows server errors under (the rest are toasted). */
export const BLOCKED_DAY_FIELDS = ['date', 'is_on_morning', 'is_on_afternoon'] as const;

export type TBlockedDayInput = {
  branch_id: number;
  date: string;
  is_on_morning: boolean;
  is_on_afternoon: boolean;
};
