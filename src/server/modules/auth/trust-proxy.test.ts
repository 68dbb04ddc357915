import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// TRUST_PROXY (decision 041): the per-IP limits and the dev mailbox see the client a trusted proxy
// names in X-Forwarded-For, and nobody else's word for it.
const behindOneProxy = await createTestApp({ ipRateLimits: true, env: { TRUST_PROXY: '1' } });
const behindListed = await createTestApp({
  ipRateLimits: true,
  env: { TRUST_PROXY: '10.0.0.0/8' },
});
const direct = await createTestApp({ ipRateLimits: true });

type TestApp = typeof direct;

/** A request as if from `address` on a real socket (app.request() has no socket). */
function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50_000 } } };
}

let sent = 0;

async function resetRequest(app: TestApp, socket: string, forwardedFor?: string) {
  const res = await app.app.request(
    '/api/auth/request-password-reset',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      },
      // A new address each time: the per-account limit must not be what answers.
      body: JSON.stringify({ email: `reset-${++sent}@stoop.test` }),
    },
    fromAddress(socket),
  );
  await res.body?.cancel();
  return res.status;
}

describe('per-IP limits behind a trusted proxy', () => {
  it('count each forwarded client apart, though every request comes from the proxy', async () => {
    const first: number[] = [];
    for (let i = 0; i < 6; i++)
      first.push(await resetRequest(behindOneProxy, '127.0.0.1', '203.0.113.20'));
    expect(first).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client through the same proxy has its own allowance.
    expect(await resetRequest(behindOneProxy, '127.0.0.1', '203.0.113.21')).toBe(200);
  });

  it('are not dodged by a client that writes its own X-Forwarded-For before the proxy appends', async () => {
    for (let i = 0; i < 5; i++) await resetRequest(behindOneProxy, '127.0.0.1', '203.0.113.30');
    const spoofs = ['198.51.100.1, 203.0.113.30', '10.0.0.1, 127.0.0.1, 203.0.113.30'];
    for (const header of spoofs) {
      expect(await resetRequest(behindOneProxy, '127.0.0.1', header), header).toBe(429);
    }
  });

  it('with a list, believe only listed peers; anyone else is their own socket address', async () => {
    for (let i = 0; i < 5; i++) await resetRequest(behindListed, '10.0.0.5', '203.0.113.40');
    expect(await resetRequest(behindListed, '10.0.0.6', '203.0.113.40')).toBe(429);
    // Not a listed proxy: its X-Forwarded-For is ignored, so it spends its own allowance.
    const outsider: number[] = [];
    for (let i = 0; i < 6; i++) {
      outsider.push(await resetRequest(behindListed, '198.51.100.7', `203.0.113.${50 + i}`));
    }
    expect(outsider).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('without TRUST_PROXY, ignore the header entirely', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(await resetRequest(direct, '127.0.0.1', `203.0.113.${60 + i}`));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('the dev mailbox behind a trusted proxy', () => {
  const mailbox = (app: TestApp, socket: string, forwardedFor?: string) =>
    app.app.request(
      '/api/dev/mailbox',
      { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } },
      fromAddress(socket),
    );

  it('answers a loopback client through a loopback proxy', async () => {
    expect((await mailbox(behindOneProxy, '127.0.0.1', '127.0.0.1')).status).toBe(200);
    expect((await mailbox(behindOneProxy, '::1', '::1')).status).toBe(200);
  });

  it('refuses a remote client, a spoofed loopback entry, a remote proxy and an untrusted one', async () => {
    const refused = [
      [behindOneProxy, '127.0.0.1', '203.0.113.9'],
      [behindOneProxy, '127.0.0.1', '127.0.0.1, 203.0.113.9'],
      // One trusted hop that is not loopback, vouching for a "loopback" client.
      [behindOneProxy, '203.0.113.9', '127.0.0.1'],
      [behindListed, '10.0.0.5', '127.0.0.1'],
      // Nobody trusted: the header alone is reason to refuse.
      [direct, '127.0.0.1', '127.0.0.1'],
    ] as const;
    for (const [app, socket, header] of refused) {
      const res = await mailbox(app, socket, header);
      expect(res.status, `${socket} ${header}`).toBe(404);
      expect(await res.text()).not.toContain('@');
    }
  });
});
