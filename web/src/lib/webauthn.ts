// The browser's side of WebAuthn, loaded only when someone adds or uses a passkey: the library stays
// off the login and profile screens' first load.
import type { WebAuthnResponse } from './contract';

/** Whether this browser can use passkeys and security keys at all. */
export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the browser to create a passkey for the server's creation options. */
export async function createPasskey(options: Record<string, unknown>): Promise<WebAuthnResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return response as unknown as WebAuthnResponse;
}

/** Asks the browser to sign the server's login challenge with one of the account's passkeys. */
export async function signWithPasskey(options: Record<string, unknown>): Promise<WebAuthnResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return response as unknown as WebAuthnResponse;
}

/** Whether the person cancelled the browser's dialog (or it timed out), rather than something failing. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
