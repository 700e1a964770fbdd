import dns from 'node:dns';
import net from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (default: dns.promises.lookup(host, { all: true, verbatim: true })). */
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** The lookup errors that mean the name has no address (rather than that the lookup failed). */
const NOT_FOUND = new Set<string>([dns.NOTFOUND, dns.NODATA]);

export const systemLookup: Lookup = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * Resolves through the given DNS servers ('1.1.1.1', '[::1]:5353', '127.0.0.1:5300'), asking for A and
 * AAAA records; the IPv4 addresses come first. Unlike systemLookup it reads no /etc/hosts.
 */
export function resolverLookup(servers: string[]): Lookup {
  // c-ares's default (5 s, 4 tries) could outlast the delivery timeout (W4).
  const resolver = new dns.promises.Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers(servers);
  return async (hostname) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const found: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    const failures = [v4, v6].flatMap((result) => (result.status === 'rejected' ? [result.reason as NodeJS.ErrnoException] : []));
    if (found.length > 0 || failures.length === 0) return found;
    // A missing name (or no record of either type) means "does not resolve"; any other failure is told as is.
    throw failures.find((error) => !NOT_FOUND.has(error.code ?? '')) ?? failures[0];
  };
}

/** A destination refused: `reason` is one short phrase, e.g. "127.0.0.1 is a loopback address". */
export class RefusedDestination extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedDestination';
  }
}

function ranges(family: 'ipv4' | 'ipv6', ...cidrs: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/');
    if (prefix === undefined) list.addAddress(network!, family);
    else list.addSubnet(network!, Number(prefix), family);
  }
  return list;
}

// First match wins: the narrower ranges (metadata, broadcast) come before the ranges holding them.
const IPV4_CLASSES: [string, net.BlockList][] = [
  // AWS, GCP, Azure, OpenStack (169.254.169.254), Alibaba (100.100.100.200), Oracle's former address
  // (192.0.0.192), and Azure's WireServer (168.63.129.16, public space but answered by the host).
  ['cloud metadata', ranges('ipv4', '169.254.169.254', '100.100.100.200', '192.0.0.192', '168.63.129.16')],
  ['unspecified', ranges('ipv4', '0.0.0.0/8')],
  ['loopback', ranges('ipv4', '127.0.0.0/8')],
  ['private', ranges('ipv4', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16')],
  ['carrier-grade NAT', ranges('ipv4', '100.64.0.0/10')],
  ['link-local', ranges('ipv4', '169.254.0.0/16')],
  ['documentation', ranges('ipv4', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24')],
  ['benchmarking', ranges('ipv4', '198.18.0.0/15')],
  ['multicast', ranges('ipv4', '224.0.0.0/4')],
  ['broadcast', ranges('ipv4', '255.255.255.255')],
  // IETF protocol assignments, the retired 6to4 relay anycast, and 240/4 "future use".
  ['reserved', ranges('ipv4', '192.0.0.0/24', '192.88.99.0/24', '240.0.0.0/4')],
];

const IPV6_CLASSES: [string, net.BlockList][] = [
  ['unspecified', ranges('ipv6', '::')],
  ['loopback', ranges('ipv6', '::1')],
  ['cloud metadata', ranges('ipv6', 'fd00:ec2::254')], // AWS's instance metadata over IPv6
  ['link-local', ranges('ipv6', 'fe80::/10')],
  ['site-local', ranges('ipv6', 'fec0::/10')],
  ['unique-local', ranges('ipv6', 'fc00::/7')],
  ['multicast', ranges('ipv6', 'ff00::/8')],
  ['documentation', ranges('ipv6', '2001:db8::/32', '3fff::/20')],
  ['benchmarking', ranges('ipv6', '2001:2::/48')],
  ['discard-only', ranges('ipv6', '100::/64')],
  ['private', ranges('ipv6', '64:ff9b:1::/48')], // NAT64 for local use (RFC 8215)
  ['reserved', ranges('ipv6', '2001::/23')], // IETF protocol assignments (Teredo, handled before, aside)
];

/** Today's global unicast space: an IPv6 address outside it is not on the public internet. */
const GLOBAL_UNICAST = ranges('ipv6', '2000::/3');
/** IPv6 forms that carry an IPv4 address: the IPv4 address is where the packets end up. */
const IPV4_MAPPED = ranges('ipv6', '::ffff:0:0/96');
const NAT64 = ranges('ipv6', '64:ff9b::/96');
const SIX_TO_FOUR = ranges('ipv6', '2002::/16');
const TEREDO = ranges('ipv6', '2001::/32');

/** Which internal class an IP literal belongs to, or null for a public address. */
export function internalClass(address: string): string | null {
  const literal = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''); // brackets, zone id
  const family = net.isIP(literal);
  if (family === 4) return IPV4_CLASSES.find(([, list]) => list.check(literal, 'ipv4'))?.[0] ?? null;
  if (family !== 6) throw new TypeError(`${address} is not an IP address`);
  const embedded = embeddedIPv4(literal);
  if (embedded !== null) return internalClass(embedded);
  const named = IPV6_CLASSES.find(([, list]) => list.check(literal, 'ipv6'))?.[0];
  if (named) return named;
  return GLOBAL_UNICAST.check(literal, 'ipv6') ? null : 'reserved';
}

/** The IPv4 address an IPv4-mapped, NAT64, 6to4 or Teredo address leads to, else null. */
function embeddedIPv4(address: string): string | null {
  const groups = ipv6Groups(address);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (IPV4_MAPPED.check(address, 'ipv6') || NAT64.check(address, 'ipv6')) return quad(groups[6]!, groups[7]!);
  if (SIX_TO_FOUR.check(address, 'ipv6')) return quad(groups[1]!, groups[2]!);
  if (TEREDO.check(address, 'ipv6')) return quad(~groups[6]! & 0xffff, ~groups[7]! & 0xffff); // the client, stored inverted
  return null;
}

/** The eight 16-bit groups of an IPv6 address net.isIP accepted (so the text is well formed). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, rest] = text.split('::') as [string, string | undefined];
  const before = parse(head);
  const after = rest === undefined ? [] : parse(rest);
  const zeros = new Array<number>(8 - tail.length - before.length - after.length).fill(0);
  return [...before, ...zeros, ...after, ...tail];
}

function internalPhrase(address: string, internal: string): string {
  return `${address} is ${/^(?:[aeio]|un(?!i))/i.test(internal) ? 'an' : 'a'} ${internal} address`;
}

/**
 * Checks a webhook URL and resolves it once: scheme http: or https: only (else RefusedDestination
 * "only http:// and https:// URLs"); an IP literal is checked as is, a host name is resolved with
 * `lookup` and every address it resolves to is checked (one internal address refuses the whole name,
 * so a name that resolves to a public and a private address is refused). With allowPrivate false an
 * internal address is refused; `http:` is accepted only for an internal address with allowPrivate
 * true (W1), otherwise refused with a reason saying to use https://. A name that does not resolve is
 * refused ("<host> does not resolve"). The cloud metadata addresses are refused even with
 * allowPrivate. Returns the address to connect to (the first acceptable one).
 */
export async function checkDestination(url: URL, options: { allowPrivate: boolean; lookup?: Lookup }): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedDestination('only http:// and https:// URLs');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await resolve(host, options.lookup ?? systemLookup);
  const checked = addresses.map((resolved) => ({ resolved, internal: internalClass(resolved.address) }));
  const named = (address: string) => (literal ? address : `${host} resolves to ${address}, which`);
  // The cloud's metadata service hands out credentials: never a destination, whatever the setting.
  const metadata = checked.find(({ internal }) => internal === 'cloud metadata');
  if (metadata) throw new RefusedDestination(internalPhrase(named(metadata.resolved.address), 'cloud metadata'));
  if (!options.allowPrivate) {
    const refused = checked.find(({ internal }) => internal !== null);
    if (refused) throw new RefusedDestination(internalPhrase(named(refused.resolved.address), refused.internal!));
  }
  if (url.protocol === 'https:') return checked[0]!.resolved;
  const internal = checked.find(({ internal }) => internal !== null);
  if (!internal) throw new RefusedDestination(`http:// is accepted only for private networks: use https://`);
  return internal.resolved;
}

async function resolve(host: string, lookup: Lookup): Promise<ResolvedAddress[]> {
  let found: ResolvedAddress[];
  try {
    found = await lookup(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code && !NOT_FOUND.has(code)) throw new RefusedDestination(`${host} could not be resolved (${code})`);
    throw new RefusedDestination(`${host} does not resolve`);
  }
  if (found.length === 0) throw new RefusedDestination(`${host} does not resolve`);
  // Only an IP address can be checked (and connect() would look anything else up again).
  const odd = found.find(({ address }) => net.isIP(address) === 0);
  if (odd) throw new RefusedDestination(`${host} resolves to ${JSON.stringify(odd.address)}, not an IP address`);
  return found.map(({ address }) => ({ address, family: net.isIP(address) as 4 | 6 }));
}

/**
 * The `lookup` option for http.request / https.request that pins the connection to `address`
 * (what was checked is what is connected to). Node 20 calls lookup with { all: true } when
 * autoSelectFamily is on: answer with an array then, else (err, address, family).
 */
export function pinnedLookup(address: ResolvedAddress): (hostname: string, options: unknown, callback: (...args: any[]) => void) => void {
  return (_hostname, options, callback) => {
    const all = typeof options === 'object' && options !== null && (options as { all?: unknown }).all === true;
    // dns.lookup always answers on a later tick; net relies on that to attach its listeners first.
    process.nextTick(() => {
      if (all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    });
  };
}
