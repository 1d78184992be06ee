/**
 * TRUST_PROXY: the reverse proxies whose forwarded headers (X-Forwarded-For, -Proto, -Host) are
 * believed, as addresses and CIDR ranges ("127.0.0.1", "10.0.0.0/8,172.16.0.0/12", IPv6 too).
 * `1`/`true` means loopback only (a proxy on the same machine); `0`/`false`/unset: none. A client
 * reaching the port directly is not in the list, so its own forwarded headers change nothing.
 */
import { BlockList, isIP } from 'node:net';

export const LOOPBACK = ['127.0.0.0/8', '::1/128'];

export interface TrustedProxies {
  /** The entries as configured (loopback's for `1`/`true`); empty: forwarded headers never believed. */
  entries: readonly string[];
  /** Whether a connection from `address` comes through a trusted proxy. */
  has(address: string): boolean;
}

/** A list entry's problem, or null: an IPv4/IPv6 address or CIDR range. */
function entryProblem(entry: string): string | null {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return `"${entry}" is not an IP address or CIDR range`;
  if (bits === undefined) return null;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max ? null : `"${entry}" has a prefix length outside 0-${max}`;
}

/** The configured value's entries, or throws naming what is wrong. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return [];
  if (text === '1' || text === 'true') return [...LOOPBACK];
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const problems = entries.map(entryProblem).filter((p) => p !== null);
  if (problems.length || !entries.length)
    throw new Error(
      `TRUST_PROXY: ${problems.join('; ') || 'no address given'} (use addresses or CIDR ranges, comma-separated)`,
    );
  return entries;
}

/** An IPv4 peer seen through an IPv6 socket ("::ffff:127.0.0.1") as the IPv4 address it is. */
const plain = (address: string) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return {
    entries,
    has(address) {
      const peer = plain(address);
      const family = isIP(peer);
      return family !== 0 && list.check(peer, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
