import type { TWorkingDay } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { optionsKeys } from './options-keys.ts';

type TSaveWorkingDays = { branch_id: number; days: TWorkingDay[] };

/** POST working-days {branch_id, days}; answers with the saved week. */
export function saveWorkingDays(input: TSaveWorkingDays): Promise<TWorkingDay[]> {
  const fields = input.days.flatMap((_, i) => [`days.${i}.from_hour`, `days.${i}.to_hour`]);
  return api.post<TWorkingDay[]>('working-days', input, { formFields: ['days', ...fields] });
}

export function useSaveWorkingDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkingDays,
    onSuccess: (saved, { branch_id }) => queryClient.setQueryData(optionsKeys.workingDays(branch_id), saved),
  });
}
