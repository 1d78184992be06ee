/**
 * Where an account's order route may make this server connect (issue 44, decision
 * 2026-12-07-order-route-addresses). A proxy must stand at a public address: not loopback,
 * link-local (the cloud metadata service 169.254.169.254), private, shared (CGNAT), unspecified,
 * multicast or reserved; a host name is resolved and each of its addresses checked, when the
 * superadmin saves it and again at every connection, which then goes to the address checked (so a
 * DNS answer changed in between cannot slip through). A local address to send from must be one of
 * this machine's interfaces (a private one is fine: a data centre's NAT maps it to the registered
 * IP), never loopback, link-local, unspecified or multicast. ORDER_ROUTE_ALLOWED_ADDRESSES lets
 * named addresses and host names through. The server's own BROKER_SOURCE_ADDRESS is the operator's
 * setting, not checked here.
 */
import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import os from 'node:os';

export interface OrderRouteGuard {
  /** Addresses and host names (lower case) allowed whatever they are. */
  readonly allowed: readonly string[];
  /** The addresses a host name resolves to now. */
  lookup(host: string): Promise<string[]>;
  /** This machine's interface addresses. */
  interfaces(): string[];
}

const lookupAll = async (host: string) => (await dns.promises.lookup(host, { all: true })).map((a) => a.address);

/** This machine's interface addresses, read once per guard (a guard lives for one request or one order). */
function machineAddresses(): () => string[] {
  let addresses: string[] | undefined;
  return () =>
    (addresses ??= Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)));
}

export function orderRouteGuard(
  allowed: readonly string[] = [],
  overrides: Partial<Pick<OrderRouteGuard, 'lookup' | 'interfaces'>> = {},
): OrderRouteGuard {
  return { allowed, lookup: overrides.lookup ?? lookupAll, interfaces: overrides.interfaces ?? machineAddresses() };
}

type Kind = 'unspecified' | 'loopback' | 'private' | 'shared (CGNAT)' | 'link-local' | 'multicast' | 'reserved';

const RANGES: [Kind, string][] = [
  ['unspecified', '0.0.0.0/8 ::/128'],
  ['loopback', '127.0.0.0/8 ::1/128'],
  ['private', '10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7'],
  ['shared (CGNAT)', '100.64.0.0/10'],
  ['link-local', '169.254.0.0/16 fe80::/10'],
  ['multicast', '224.0.0.0/4 ff00::/8'],
  // 240/4 holds the broadcast address 255.255.255.255.
  ['reserved', '240.0.0.0/4'],
];

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Each kind's ranges; an IPv4-mapped IPv6 address (::ffff:127.0.0.1) matches its IPv4 range. */
const KINDS = RANGES.map(([kind, ranges]) => {
  const list = new BlockList();
  for (const range of ranges.split(' ')) {
    const [address, bits] = range.split('/') as [string, string];
    list.addSubnet(address, Number(bits), family(address));
  }
  return { kind, list };
});

/** The kind of a non-public address, or null for a public one. */
export function addressKind(address: string): Kind | null {
  return KINDS.find(({ list }) => list.check(address, family(address)))?.kind ?? null;
}

/** A host as compared: IPv6 brackets and a trailing dot off, lower case. */
export const bare = (host: string) =>
  host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

function sameAddress(a: string, b: string): boolean {
  if (!isIP(a) || !isIP(b)) return false;
  const list = new BlockList();
  list.addAddress(a, family(a));
  return list.check(b, family(b));
}

const isAllowed = (guard: OrderRouteGuard, host: string) =>
  guard.allowed.some((entry) => entry === bare(host) || sameAddress(entry, bare(host)));

const a = (kind: Kind) => `${kind === 'unspecified' ? 'an' : 'a'} ${kind} address`;
const describe = (address: string, kind: Kind) => `${address} is ${a(kind)}`;

/** Why orders may not be sent from this local address, or null when they may. */
export function refusedLocalAddress(address: string, guard: OrderRouteGuard): string | null {
  if (isAllowed(guard, address)) return null;
  const kind = addressKind(address);
  if (kind !== null && kind !== 'private' && kind !== 'shared (CGNAT)') return describe(address, kind);
  if (!guard.interfaces().some((own) => sameAddress(own, address)))
    return `${address} is not an address of this server's network interfaces`;
  return null;
}

/** The proxy host's address to connect to, checked (a host listed by name is not); or why it is refused. */
export async function proxyAddress(
  proxy: URL,
  guard: OrderRouteGuard,
): Promise<{ address: string } | { refused: string }> {
  const host = bare(proxy.hostname);
  let addresses: string[] = [];
  try {
    addresses = isIP(host) ? [host] : await guard.lookup(host);
  } catch {
    // Not found: refused below.
  }
  if (!addresses.length) return { refused: `the proxy host ${host} does not resolve` };
  if (!isAllowed(guard, host))
    for (const address of addresses) {
      const kind = isAllowed(guard, address) ? null : addressKind(address);
      if (kind !== null)
        return { refused: address === host ? describe(host, kind) : `${host} resolves to ${address}, ${a(kind)}` };
    }
  return { address: addresses[0]! };
}
