// A real OpenID Connect provider for tests: the `oidc-provider` package on a free local port, with
// one confidential client and accounts whose claims a test may change between logins. Its
// development interactions ask for any login name (the account's id) and any password; consent is
// granted for the client at once, as an organisation's provider does for its own services.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export type TestAccount = {
  preferred_username?: string;
  email?: string;
  name?: string;
  groups?: string[];
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by login name; change one's claims and its next login sees them. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
};

export const TEST_SCOPES = 'openid profile email groups';

export async function startTestProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  accounts: Record<string, TestAccount>;
}): Promise<TestProvider> {
  const accounts = new Map(Object.entries(options.accounts));
  const clientId = 'einwurf-test';
  const clientSecret = 'einwurf-test-secret-0123456789abcdef';
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name'],
      email: ['email'],
      groups: ['groups'],
    },
    scopes: ['openid', 'profile', 'email', 'groups'],
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: () => true },
    cookies: { keys: ['einwurf-test-provider-cookie-key'] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (account === undefined) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...accounts.get(id) }) };
    },
    // The organisation's own service: no consent screen.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (client === undefined || session?.accountId === undefined) return undefined;
      const grantId = ctx.oidc.result?.['consent']?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(TEST_SCOPES);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // The development interactions' notice is for people, not for test output.
  provider.on('server_error', () => undefined);
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
