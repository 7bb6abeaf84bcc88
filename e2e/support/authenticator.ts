import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's own virtual authenticator (DevTools protocol, WebAuthn domain) for the page: it creates a
 * real key pair and signs real challenges, standing in for a passkey device that verifies its user.
 * Answers the DevTools session and the authenticator's id, to read the credentials it holds.
 */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}
