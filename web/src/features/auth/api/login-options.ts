import { useQuery } from '@tanstack/react-query';
import type { LoginOptions } from '../../../lib/contract';
import { apiFetch } from '../../../lib/api-client';

/** `GET auth/login-options`: whether the password form and single sign-on are offered. */
export function getLoginOptions(): Promise<LoginOptions> {
  return apiFetch<LoginOptions>('auth/login-options');
}

export function useLoginOptions() {
  return useQuery({ queryKey: ['auth', 'login-options'], queryFn: getLoginOptions, staleTime: Infinity });
}
