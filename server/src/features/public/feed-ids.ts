import { createHash } from 'node:crypto';

// Feeds name an entry by a URN that stays the same whatever page readers read it on (RFC 4287 asks for
// an id that never changes): a name-based UUID (RFC 9562, version 5) of the entry's id.

/** The namespace of Einwurf's feed UUIDs (random once, fixed forever). */
const FEED_NAMESPACE = 'ef345da1-13f3-479d-b7cb-d3f2519e0eb8';

/** The version 5 UUID of a name in a namespace (RFC 9562, section 5.5). */
export function uuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An entry's UUID: the Atom entry's id (as urn:uuid) and the calendar event's UID. */
export function entryUuid(id: string): string {
  return uuidV5(`entry:${id}`, FEED_NAMESPACE);
}

/** A feed's UUID, its Atom id: one per server origin and type (or all types). */
export function feedUuid(origin: string, type: string | undefined): string {
  return uuidV5(`feed:${origin}:${type ?? ''}`, FEED_NAMESPACE);
}
