import { describe, expect, it } from 'vitest';
import { defaultBackupName, dependencyOrder, quoteIdent, readJournal } from './backup-format.ts';

describe('backup format helpers', () => {
  it('orders tables parents first, ignoring self-references and tables outside the set', () => {
    const order = dependencyOrder([
      { key: 'public.messages', references: ['public.conversations', 'public.users'] },
      { key: 'public.conversations', references: ['public.users', 'public.listings'] },
      { key: 'public.users', references: [] },
      { key: 'public.listings', references: ['public.users', 'public.listings'] },
      { key: 'graphile_worker._private_jobs', references: ['graphile_worker._private_tasks'] },
    ]).map((t) => t.key);
    const precedes = (a: string, b: string) =>
      expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    expect(order).toHaveLength(5);
    precedes('public.users', 'public.listings');
    precedes('public.listings', 'public.conversations');
    precedes('public.conversations', 'public.messages');
  });

  it('refuses a cycle of foreign keys with the table it went round', () => {
    expect(() =>
      dependencyOrder([
        { key: 'a', references: ['b'] },
        { key: 'b', references: ['a'] },
      ]),
    ).toThrow(/cycle through a/);
  });

  it('names a backup by its UTC time, sortable and shell-safe', () => {
    expect(defaultBackupName(new Date('2026-11-25T04:15:09.123Z'))).toBe(
      'stoop-20261125-041509Z.tar.gz',
    );
  });

  it('quotes identifiers as PostgreSQL does', () => {
    expect(quoteIdent('user')).toBe('"user"');
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
  });

  it("reads the committed migrations' journal, oldest first", () => {
    const { entries } = readJournal();
    expect(entries[0]?.tag).toBe('0000_init');
    expect(entries.map((e) => e.when)).toEqual(
      [...entries.map((e) => e.when)].sort((a, b) => a - b),
    );
  });
});
