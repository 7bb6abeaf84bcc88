import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../components/providers';
import { accountKeys, adminKeys, configKeys } from '../../../lib/query-keys';
import { mockApi } from '../../../test/mock-api';
import { useLogout } from './logout';

describe('logout', () => {
  it("drops what the session saw and keeps the server's settings", async () => {
    mockApi({ 'POST auth/logout': { role: 'none', ttl: 0 } });
    const queryClient = createQueryClient();
    queryClient.setQueryData(configKeys.all(), { pow: { difficulty: 8 } });
    queryClient.setQueryData(configKeys.forType('article'), { pow: { difficulty: 8 } });
    queryClient.setQueryData(adminKeys.dashboard(), { proposals: [], timeline: [] });
    queryClient.setQueryData(accountKeys.own(), { role: 'mod', ttl: 1 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(), { wrapper });

    await act(() => result.current.mutateAsync());

    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(left).toEqual([configKeys.all(), configKeys.forType('article')]);
  });
});
