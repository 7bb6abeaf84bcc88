import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

// Webhooks are requests the server makes to URLs admins give it; without a guard an endpoint could
// reach the server's own network (its database, a cloud metadata service). Only global unicast
// addresses are allowed, checked at creation and again at every connection, on the address the
// connection then uses (a name that resolved to a public address once may not the next time).

/** Whether an IP address is a public (global unicast) one: not loopback, private, ULA, link-local, CGNAT, unspecified, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL as an IP address when it is one (IPv6 without its brackets), else undefined. */
export function literalAddressOf(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? bare : undefined;
}

export class PrivateAddressError extends Error {
  readonly code = 'EWEBHOOKPRIVATE';
  constructor(host: string, address: string) {
    super(
      host === address
        ? `${address} is not a public address`
        : `${host} resolves to ${address}, which is not a public address`,
    );
    this.name = 'PrivateAddressError';
  }
}

/**
 * Every address a host names or resolves to, refused (PrivateAddressError) when one is not public;
 * a DNS failure is thrown as it comes.
 */
export async function checkHost(hostname: string): Promise<void> {
  const literal = literalAddressOf(hostname);
  if (literal !== undefined) {
    if (!isPublicAddress(literal)) throw new PrivateAddressError(literal, literal);
    return;
  }
  const addresses = await dnsLookupAsync(hostname, { all: true, verbatim: true });
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused) throw new PrivateAddressError(hostname, refused.address);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that resolves the name once, refuses it when any address is not public,
 * and hands the socket the addresses it checked, so the connection goes to a checked address.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
    const [first] = addresses;
    if (options.all) return callback(null, addresses);
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}
