import type * as Oidc from 'openid-client';
import type { OidcSettings } from '../../config.ts';
import type { Flow } from './flow-cookie.ts';

// The conversation with the organisation's OpenID Connect provider, through openid-client: the
// authorization code flow with PKCE, state and nonce. The provider's metadata is discovered at the
// first login, not at start (a provider that is down must not keep the service from starting), each
// call bounded in time; a failed discovery is tried again at the next login. openid-client itself
// loads then too, so an installation without OpenID Connect never loads it.

const openidClient = () => import('openid-client');

/** Why the provider could not be used: down, slow, or answering something that is not a provider. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

/** What the provider says about the person once the code is redeemed. */
export type ProviderLogin = {
  /** The ID token's claims, completed with the UserInfo answer when the role claim is not in it. */
  claims: Record<string, unknown>;
  issuer: string;
  subject: string;
  idToken: string;
};

export type OidcClient = {
  readonly settings: OidcSettings;
  /** Starts a login: where to send the browser and the flow to remember until it is back. */
  begin(redirectUri: string): Promise<{ url: string; flow: Flow }>;
  /**
   * Completes a login from the callback's URL: checks the state, redeems the code with the PKCE
   * verifier and checks the ID token and its nonce. Throws on any mismatch or provider error.
   */
  complete(callbackUrl: URL, flow: Flow): Promise<ProviderLogin>;
  /** The provider's logout URL for a session's ID token, when the provider offers RP-initiated logout. */
  endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | undefined>;
};

/** Seconds each call to the provider may take. */
export const PROVIDER_TIMEOUT_SECONDS = 5;

export function createOidcClient(
  settings: OidcSettings,
  timeoutSeconds = PROVIDER_TIMEOUT_SECONDS,
): OidcClient {
  let discovered: Promise<Oidc.Configuration> | undefined;

  async function configuration(): Promise<Oidc.Configuration> {
    const oidc = await openidClient();
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(settings.clientSecret),
        {
          timeout: timeoutSeconds,
          // An http:// issuer is the operator's explicit choice (a provider on the same host or in
          // tests); openid-client refuses it otherwise.
          ...(settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new ProviderUnavailable(
          `the sign-in provider ${settings.issuer} could not be reached: ${(error as Error).message}`,
          { cause: error },
        );
      });
    return discovered;
  }

  return {
    settings,
    async begin(redirectUri) {
      const config = await configuration();
      const oidc = await openidClient();
      const flow: Flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        response_type: 'code',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },
    async complete(callbackUrl, flow) {
      const config = await configuration();
      const oidc = await openidClient();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (idClaims === undefined || tokens.id_token === undefined) throw new Error('no ID token');
      let claims: Record<string, unknown> = { ...idClaims };
      // Many providers give profile and group claims at the UserInfo endpoint only.
      const needsUserInfo =
        claims[settings.roleClaim] === undefined ||
        (claims['preferred_username'] === undefined && claims['email'] === undefined);
      if (needsUserInfo && config.serverMetadata().userinfo_endpoint !== undefined) {
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...userInfo, ...claims };
      }
      return { claims, issuer: idClaims.iss, subject: idClaims.sub, idToken: tokens.id_token };
    },
    async endSessionUrl(idToken, postLogoutRedirectUri) {
      let config: Oidc.Configuration;
      try {
        config = await configuration();
      } catch {
        return undefined;
      }
      const oidc = await openidClient();
      if (config.serverMetadata().end_session_endpoint === undefined) return undefined;
      return oidc.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href;
    },
  };
}
