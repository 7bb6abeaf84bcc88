import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { Profile, ProfileUpdate } from '../../../lib/contract';
import { accountKeys } from '../../../lib/query-keys';

/** `GET admin/profile`: one's address, mail language and notifications. */
export function useProfile() {
  return useQuery({ queryKey: accountKeys.profile(), queryFn: () => apiFetch<Profile>('admin/profile') });
}

/** `PATCH admin/profile`: a new address needs the current password. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) =>
      apiFetch<Profile>('admin/profile', { method: 'PATCH', body: jsonBody(update) }),
    onSuccess: (profile) => client.setQueryData(accountKeys.profile(), profile),
  });
}
