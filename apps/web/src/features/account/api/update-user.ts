import type { TUserUpdate } from '@haulpro/shared/auth';
import type { TUser } from '@haulpro/shared/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateSessionUser } from '../../../lib/auth-store.ts';

export const USER_FIELDS = ['first_name', 'last_name', 'phone', 'image', 'sms_opt_in'] as const;

/** PUT users/{id}: your own name, phone, picture or text-message consent; the header's name and avatar follow. */
export function updateUser(id: number, body: TUserUpdate): Promise<TUser> {
  return api.put<TUser>(`users/${id}`, body, { formFields: USER_FIELDS });
}

export function useUpdateUser(id: number) {
  return useMutation({
    mutationFn: (body: TUserUpdate) => updateUser(id, body),
    onSuccess: (user) => updateSessionUser(user),
  });
}
