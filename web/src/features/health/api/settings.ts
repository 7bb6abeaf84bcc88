import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { Settings } from '../../../lib/contract';

const settingsKey = ['admin', 'settings'] as const;

/** `GET admin/settings`: the installation's settings. */
export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiFetch<{ data: Settings }>('admin/settings') });
}

/** `PUT admin/settings`. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) =>
      apiFetch<{ data: Settings }>('admin/settings', { method: 'PUT', body: jsonBody(settings) }),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
  });
}
