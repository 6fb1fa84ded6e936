import type {
  TLaborNotificationSettings,
  TLaborNotificationSettingsView,
  TLaborProfile,
  TLaborProfileUpdate,
} from '@haulpro/shared/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateSessionUser } from '../../../lib/auth-store.ts';
import { checkSessionUser } from './session-user.ts';

export const laborKeys = {
  profile: (id: number) => ['labor', 'profile', id] as const,
  notifications: (id: number) => ['labor', 'notifications', id] as const,
};

/** The form's field names, as the server names them in a 422. */
export const PROFILE_FIELDS = [
  'personal.first_name',
  'personal.last_name',
  'personal.email',
  'personal.phone',
  'personal.social_security_number',
  'options.address',
  'options.street_address',
  'options.apt_unit',
  'options.state_id',
  'options.city_id',
  'options.zip_code',
  'options.service_area',
  'options.has_vehicle',
  'vehicle.type',
  'vehicle.model',
  'vehicle.year',
  'vehicle.make',
  'image',
] as const;

/** GET labor/labors/{id}: the profile, the SSN as its last four digits. */
export function useLaborProfile(id: number) {
  return useQuery({
    queryKey: laborKeys.profile(id),
    queryFn: () => api.get<TLaborProfile>(`labor/labors/${id}`),
  });
}

/** PUT labor/labors/{id} (spec): personal, options, vehicle (and a photo). */
export function useSaveLaborProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLaborProfileUpdate) =>
      api.put<TLaborProfile>(`labor/labors/${id}`, body, { formFields: PROFILE_FIELDS }),
    onSuccess: (saved) => {
      queryClient.setQueryData(laborKeys.profile(id), saved);
      // The header shows the name and photo.
      const user = checkSessionUser(saved);
      if (user) updateSessionUser(user);
    },
  });
}

export function useLaborNotifications(id: number) {
  return useQuery({
    queryKey: laborKeys.notifications(id),
    queryFn: () => api.get<TLaborNotificationSettingsView>(`labor/labors/${id}/notifications`),
  });
}

export function useSaveLaborNotifications(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLaborNotificationSettings) =>
      api.put<TLaborNotificationSettingsView>(`labor/labors/${id}/notifications`, body, {
        formFields: ['sms'],
      }),
    onSuccess: (saved) => queryClient.setQueryData(laborKeys.notifications(id), saved),
  });
}
