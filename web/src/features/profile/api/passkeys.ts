import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { Passkey, PasskeyList, WebAuthnOptions } from '../../../lib/contract';
import { accountKeys } from '../../../lib/query-keys';
import { createPasskey } from '../../../lib/webauthn';

/** Under the profile's keys, kept here so the first load does not carry it. */
const passkeysKey = () => [...accountKeys.profile(), 'passkeys'] as const;

/** `GET admin/profile/passkeys`: the account's passkeys and security keys. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey(),
    queryFn: () => apiFetch<PasskeyList>('admin/profile/passkeys'),
  });
}

/** After a change: the keys, the factor's state, and the sessions the change ended. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: passkeysKey() }),
      client.invalidateQueries({ queryKey: accountKeys.secondFactor() }),
      client.invalidateQueries({ queryKey: accountKeys.sessions() }),
    ]);
}

/**
 * Adds a passkey: the server's options, the browser's dialog (the person touches the key or unlocks
 * the device), then the answer with its name.
 */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await apiFetch<WebAuthnOptions>('admin/profile/passkeys/options', { method: 'POST' });
      const response = await createPasskey(options.data);
      return apiFetch<Passkey>('admin/profile/passkeys', {
        method: 'POST',
        body: jsonBody({ name, response }),
      });
    },
    onSuccess: refresh,
  });
}

/** `DELETE admin/profile/passkeys/{id}` with the password. */
export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      apiFetch<null>(`admin/profile/passkeys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        body: jsonBody({ password }),
      }),
    onSuccess: refresh,
  });
}
