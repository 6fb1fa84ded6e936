import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deliveryKeys } from './delivery-keys.ts';

export type TPayoutSubmission = {
  id: number;
  /** Already without duplicates (uniquePayoutFiles). */
  files: File[];
  helperNote: string;
  /** The customer's signature drawn on this device (png), or null. */
  signature: Blob | null;
};

/**
 * POST deliveries/{id}/complete (Get Paid) as multipart: each file as `files[]`, `helper_note`,
 * and an optional `signature` png from which the server makes the signed letter's PDF.
 */
export function submitPayout({
  id,
  files,
  helperNote,
  signature,
}: TPayoutSubmission): Promise<TDeliveryView> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file, file.name);
  const note = helperNote.trim();
  if (note) form.append('helper_note', note);
  if (signature) form.append('signature', signature, 'signature.png');
  return api.post<TDeliveryView>(`deliveries/${id}/complete`, form, {
    formFields: ['files', 'helper_note', 'signature'],
  });
}

export function useSubmitPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
