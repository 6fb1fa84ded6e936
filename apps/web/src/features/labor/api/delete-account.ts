import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE users/{id} with the typed word; the answer's message is the spec's success toast. */
export function useDeleteAccount(id: number) {
  return useMutation({
    mutationFn: (confirmation: string) =>
      api.message(`users/${id}`, { method: 'DELETE', body: { confirmation } }),
  });
}
