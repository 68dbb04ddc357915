import net from 'node:net';

/**
 * TRUST_PROXY (decision 041): which peers may tell us the client's address in X-Forwarded-For.
 * `none` (unset): the socket's peer is the client and the header is ignored. `hops`: the nearest N
 * proxies are trusted, whatever their address. `list`: peers inside these addresses or CIDRs are.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; entries: string[]; blockList: net.BlockList };

export const TRUST_PROXY_FORMAT =
  'must be a hop count (1, 2) or a comma-separated list of proxy addresses or CIDRs ' +
  '(127.0.0.1,10.0.0.0/8)';

/** Parses TRUST_PROXY; throws with TRUST_PROXY_FORMAT (and the bad entry) when it is not one. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`${TRUST_PROXY_FORMAT}; ${hops} hops is not a real chain`);
    return { kind: 'hops', hops };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const blockList = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const ip = normalizeAddress(address);
    const family = net.isIP(ip);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    const max = family === 6 ? 128 : 32;
    if (family === 0 || rest.length || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new Error(`${TRUST_PROXY_FORMAT}; "${entry}" is neither`);
    }
    if (prefix === undefined) {
      blockList.addAddress(ip, type);
    } else if (Number(prefix) > max) {
      throw new Error(`${TRUST_PROXY_FORMAT}; "${entry}" has a prefix over /${max}`);
    } else {
      blockList.addSubnet(ip, Number(prefix), type);
    }
  }
  return { kind: 'list', entries, blockList };
}

/** `::ffff:1.2.3.4` is the IPv4 address it maps; a zone (`fe80::1%eth0`) is dropped. */
export function normalizeAddress(address: string): string {
  const bare = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  return (mapped?.[1] ?? bare).toLowerCase();
}

/** One X-Forwarded-For entry as an address: `1.2.3.4:5678` and `[::1]:80` lose their port. */
function forwardedEntry(entry: string): string | undefined {
  let text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const address = normalizeAddress(text);
  return net.isIP(address) ? address : undefined;
}

export type ClientAddress = {
  /** The client as far as trusted proxies vouch for it. */
  address: string;
  /** The trusted proxies the request passed, nearest first (empty: the socket's peer is the client). */
  proxies: string[];
};

/**
 * Walks from the socket's peer leftwards through X-Forwarded-For while each hop is trusted: the
 * first untrusted address is the client. Anything left of it was written by someone we do not
 * trust (the client itself, perhaps) and is never read. An entry that is not an address stops the
 * walk at the proxy that passed it on.
 */
export function resolveClientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): ClientAddress {
  const peer = normalizeAddress(socketAddress);
  if (trust.kind === 'none' || !forwardedFor) return { address: peer, proxies: [] };
  const chain = forwardedFor.split(',').reverse();
  const proxies: string[] = [];
  let address = peer;
  for (const entry of chain) {
    if (!isTrusted(address, proxies.length, trust)) break;
    const next = forwardedEntry(entry);
    if (!next) break;
    proxies.push(address);
    address = next;
  }
  return { address, proxies };
}

function isTrusted(address: string, hop: number, trust: TrustProxy): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return hop < trust.hops;
  return trust.blockList.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}
