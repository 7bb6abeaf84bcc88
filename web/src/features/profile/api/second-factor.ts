import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { RecoveryCodes, SecondFactorProof, SecondFactorState, TotpSetup } from '../../../lib/contract';
import { accountKeys } from '../../../lib/query-keys';

/** `GET admin/profile/second-factor`: whether the account has one, and its recovery codes left. */
export function useSecondFactor() {
  return useQuery({
    queryKey: accountKeys.secondFactor(),
    queryFn: () => apiFetch<SecondFactorState>('admin/profile/second-factor'),
  });
}

/** After a change of the factor: its state, and the sessions it may have ended. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accountKeys.secondFactor() }),
      client.invalidateQueries({ queryKey: accountKeys.sessions() }),
    ]);
}

/** `POST admin/profile/totp`: a new secret and its otpauth:// URI for the authenticator app. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiFetch<TotpSetup>('admin/profile/totp', { method: 'POST' }),
  });
}

/** `PUT admin/profile/totp` with the app's first code: turns the factor on, answers the recovery codes. */
export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<RecoveryCodes>('admin/profile/totp', { method: 'PUT', body: jsonBody({ code }) }),
    onSuccess: refresh,
  });
}

/** `DELETE admin/profile/totp` with the password and a current code: turns the factor off. */
export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (proof: SecondFactorProof) =>
      apiFetch<null>('admin/profile/totp', { method: 'DELETE', body: jsonBody(proof) }),
    onSuccess: refresh,
  });
}

/** `POST admin/profile/recovery-codes` with the password and a current code: new codes, the old ones end. */
export function useRenewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (proof: SecondFactorProof) =>
      apiFetch<RecoveryCodes>('admin/profile/recovery-codes', { method: 'POST', body: jsonBody(proof) }),
    onSuccess: refresh,
  });
}
