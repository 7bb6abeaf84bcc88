// A software authenticator for tests: it answers WebAuthn options as a browser with a platform
// authenticator would (attestation "none", ES256 keys, a signature counter), so the server's checks
// run against real signatures. Bytes are base64url, as browsers' JSON carries them.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { WebAuthnResponse } from '@einwurf/contract';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

type CreationOptions = { challenge: string; rp: { id?: string } };
type RequestOptions = { challenge: string; rpId?: string };

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function b64url(bytes: Uint8Array): string {
  return isoBase64URL.fromBuffer(new Uint8Array(bytes));
}

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
}

/** The public key as COSE (EC2, P-256, ES256), as an authenticator puts it into its attested data. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const map = new Map<number, number | Uint8Array>();
  map.set(1, 2); // kty: EC2
  map.set(3, -7); // alg: ES256
  map.set(-1, 1); // crv: P-256
  map.set(-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url')));
  map.set(-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url')));
  return isoCBOR.encode(map);
}

export type SoftAuthenticator = {
  /** The credential's id, base64url. */
  readonly credentialId: string;
  /** The counter the next signature shows. */
  counter: number;
  /** Answers registration options (navigator.credentials.create). */
  register(options: unknown, origin: string, overrides?: { challenge?: string }): WebAuthnResponse;
  /** Answers authentication options (navigator.credentials.get). */
  authenticate(
    options: unknown,
    origin: string,
    overrides?: { challenge?: string; counter?: number },
  ): WebAuthnResponse;
};

/**
 * A new authenticator with one ES256 credential. `counterStep` 0 makes a key that keeps no counter
 * (as synced passkeys do); otherwise each signature counts up by it.
 */
export function softAuthenticator(counterStep = 1): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(32);
  const credentialId = b64url(rawId);
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const authenticator: SoftAuthenticator = {
    credentialId,
    counter: 0,
    register(options, origin, overrides = {}) {
      const { challenge, rp } = options as CreationOptions;
      const rpId = rp.id ?? new URL(origin).hostname;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
        counterBytes(authenticator.counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        rawId,
        coseKey(publicKey),
      ]);
      const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
      attestation.set('fmt', 'none');
      attestation.set('attStmt', new Map<string, string>());
      attestation.set('authData', new Uint8Array(authData));
      const attestationObject = isoCBOR.encode(attestation);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', overrides.challenge ?? challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, origin, overrides = {}) {
      const { challenge, rpId } = options as RequestOptions;
      authenticator.counter += counterStep;
      const counter = overrides.counter ?? authenticator.counter;
      const authData = Buffer.concat([
        sha256(rpId ?? new URL(origin).hostname),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
        counterBytes(counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', overrides.challenge ?? challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return authenticator;
}
