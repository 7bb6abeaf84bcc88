/** Where the journeys' server listens and the accounts it starts with. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}/publish/`;
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password-123' };
