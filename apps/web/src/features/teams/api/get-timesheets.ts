import type { TTimesheets } from '@haulpro/shared/timesheets';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth-store.ts';

/*
 * GET timesheets?week=&branch_id= (a week of hours per member, issue 28 item 9) and its CSV twin,
 * which the browser saves as a file: fetched with the bearer, since a plain link would carry none.
 */
export const timesheetKeys = {
  all: ['timesheets'] as const,
  week: (branchId: number, week: string) => ['timesheets', branchId, week] as const,
};

export function getTimesheets(branchId: number, week: string, signal?: AbortSignal) {
  return api.get<TTimesheets>('timesheets', { query: { week, branch_id: branchId }, signal });
}

export function useTimesheets(branchId: number | null, week: string) {
  return useQuery({
    queryKey: timesheetKeys.week(branchId ?? 0, week),
    queryFn: ({ signal }) => getTimesheets(branchId ?? 0, week, signal),
    enabled: branchId !== null,
  });
}

const FILE_NAME = /filename="([^"]+)"/;

/** Downloads the week's CSV and saves it under the name the server gave. */
export async function downloadTimesheetsCsv(branchId: number, week: string): Promise<void> {
  const token = getToken();
  const query = new URLSearchParams({ week, branch_id: String(branchId) });
  const response = await fetch(`${API_BASE}/timesheets.csv?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? 'The timesheet could not be downloaded.');
  }
  const blob = await response.blob();
  const name =
    FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `timesheets-${week}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
