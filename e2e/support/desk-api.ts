// Accounts the moderation desk journeys need, made through the API by the journeys' admin.
import { apiClient } from './author-api.ts';
import { E2E_ADMIN } from './server.ts';

/** Moderator accounts, created by the journeys' admin. */
export async function createModerators(usernames: string[], password: string): Promise<void> {
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  for (const username of usernames) await call('POST', 'admin/users', { username, password, role: 'mod' });
  await api.dispose();
}
