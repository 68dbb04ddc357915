import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { normalizeAddress, parseTrustProxy, resolveClientAddress } from './trust-proxy.ts';

const none = parseTrustProxy(undefined);
const oneHop = parseTrustProxy('1');
const twoHops = parseTrustProxy('2');
const listed = parseTrustProxy('127.0.0.1, 10.0.0.0/8, fd00::/8');

describe('parseTrustProxy', () => {
  it('reads unset and 0 as trusting nobody, a number as hops, anything else as a list', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('  ')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(oneHop).toEqual({ kind: 'hops', hops: 1 });
    expect(twoHops).toEqual({ kind: 'hops', hops: 2 });
    expect(listed).toMatchObject({
      kind: 'list',
      entries: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'],
    });
  });

  it('refuses what is neither a count nor addresses, naming the bad entry', () => {
    expect(() => parseTrustProxy('true')).toThrow(/"true" is neither/);
    expect(() => parseTrustProxy('10.0.0.0/8,nginx')).toThrow(/"nginx" is neither/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/prefix over \/32/);
    expect(() => parseTrustProxy('::1/129')).toThrow(/prefix over \/128/);
    expect(() => parseTrustProxy('10.0.0.0/8/1')).toThrow(/neither/);
    expect(() => parseTrustProxy('300.1.1.1')).toThrow(/neither/);
    expect(() => parseTrustProxy('11')).toThrow(/not a real chain/);
  });

  it('fails start-up through parseEnv with the format in the message', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: must be a hop count \(1, 2\) or a comma-separated list/,
    );
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
  });
});

describe('normalizeAddress', () => {
  it('unmaps IPv4-mapped IPv6 and drops zones', () => {
    expect(normalizeAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
  });
});

describe('resolveClientAddress', () => {
  it('without TRUST_PROXY, is the socket and never reads the header', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', none)).toEqual({
      address: '203.0.113.9',
      proxies: [],
    });
    expect(resolveClientAddress('::ffff:127.0.0.1', '10.0.0.1', none).address).toBe('127.0.0.1');
  });

  it('with one hop, takes the address the proxy appended, not the ones the client wrote', () => {
    // nginx's $proxy_add_x_forwarded_for: whatever the client sent, then the client's address.
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1, 6.6.6.6, 203.0.113.9', oneHop)).toEqual(
      { address: '203.0.113.9', proxies: ['127.0.0.1'] },
    );
    expect(resolveClientAddress('127.0.0.1', '203.0.113.9', oneHop).address).toBe('203.0.113.9');
  });

  it('with more hops than the chain has, stops at its leftmost entry', () => {
    expect(resolveClientAddress('127.0.0.1', '203.0.113.9', twoHops)).toEqual({
      address: '203.0.113.9',
      proxies: ['127.0.0.1'],
    });
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1, 10.0.0.2', twoHops)).toEqual({
      address: '198.51.100.1',
      proxies: ['127.0.0.1', '10.0.0.2'],
    });
  });

  it('with a list, walks while each hop is listed and stops at the first that is not', () => {
    expect(
      resolveClientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3', listed).address,
    ).toBe('203.0.113.9');
    // A spoofed "10.x" left of the real client is never reached.
    expect(resolveClientAddress('10.0.0.5', '10.9.9.9, 203.0.113.9', listed)).toEqual({
      address: '203.0.113.9',
      proxies: ['10.0.0.5'],
    });
    // Every hop trusted: the leftmost entry is the client.
    expect(resolveClientAddress('10.0.0.5', '10.0.0.6', listed).address).toBe('10.0.0.6');
  });

  it('ignores X-Forwarded-For from a peer the list does not name', () => {
    expect(resolveClientAddress('203.0.113.9', '127.0.0.1', listed)).toEqual({
      address: '203.0.113.9',
      proxies: [],
    });
    expect(resolveClientAddress('::ffff:192.168.1.1', '10.0.0.1', listed).address).toBe(
      '192.168.1.1',
    );
  });

  it('handles IPv6 peers and entries, IPv4-mapped forms and ports', () => {
    expect(resolveClientAddress('fd00::7', '2001:db8::42', listed).address).toBe('2001:db8::42');
    expect(resolveClientAddress('::ffff:10.0.0.5', '::ffff:203.0.113.9', listed).address).toBe(
      '203.0.113.9',
    );
    expect(resolveClientAddress('127.0.0.1', '[2001:db8::42]:5555', oneHop).address).toBe(
      '2001:db8::42',
    );
    expect(resolveClientAddress('127.0.0.1', '203.0.113.9:5555', oneHop).address).toBe(
      '203.0.113.9',
    );
  });

  it('stops at a trusted proxy that passed on something that is not an address', () => {
    expect(resolveClientAddress('127.0.0.1', 'unknown', oneHop)).toEqual({
      address: '127.0.0.1',
      proxies: [],
    });
    expect(resolveClientAddress('10.0.0.5', '203.0.113.9, <script>', listed)).toEqual({
      address: '10.0.0.5',
      proxies: [],
    });
    expect(resolveClientAddress('127.0.0.1', '', oneHop).address).toBe('127.0.0.1');
  });
});
