import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { guardCronStatements } from './cron-guard.ts';

const CRON_SQL = 'select * from graphile_worker._private_known_crontabs as known_crontabs';

/** A port nothing listens on: connecting is refused at once, as when PostgreSQL is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

async function downPool() {
  const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'x' });
  pool.on('error', () => {});
  pools.push(pool);
  return pool;
}

describe('guardCronStatements', () => {
  it('retries a cron statement while the database refuses, and gives up with no rows once halted', async () => {
    const pool = await downPool();
    const errors: unknown[] = [];
    let halted = false;
    guardCronStatements(pool, {
      onError: (error) => errors.push(error),
      halted: () => halted,
      sleep: async () => {
        if (errors.length === 3) halted = true;
      },
    });
    const result = await pool.query(CRON_SQL);
    expect(result.rows).toEqual([]);
    expect(errors).toHaveLength(3);
    expect((errors[0] as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('answers once the database is back', async () => {
    let calls = 0;
    const fake = {
      query: async (text: string) => {
        calls += 1;
        if (calls < 3) throw new Error(`down (${text.length})`);
        return { rows: [{ identifier: 'alerts.scan' }], rowCount: 1 };
      },
    };
    const errors: unknown[] = [];
    guardCronStatements(fake as unknown as pg.Pool, {
      onError: (error) => errors.push(error),
      halted: () => false,
      sleep: async () => {},
    });
    const result = await fake.query(CRON_SQL);
    expect(result.rows).toEqual([{ identifier: 'alerts.scan' }]);
    expect(errors).toHaveLength(2);
  });

  it('leaves every other statement alone: it fails at once', async () => {
    const pool = await downPool();
    let errors = 0;
    guardCronStatements(pool, { onError: () => errors++, halted: () => false });
    await expect(pool.query('select 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(pool.query({ text: 'select 2' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(errors).toBe(0);
  });
});
