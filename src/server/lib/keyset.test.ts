import { describe, expect, it } from 'vitest';
import { containsPattern, decodeCursor, encodeCursor, keysetPage } from './keyset.ts';

const id = '3f0e2f4c-1d2b-4c3a-9a7e-0b1c2d3e4f50';

describe('keyset cursors', () => {
  it('round-trips the key with its microseconds', () => {
    const key = { at: '2026-11-24 21:50:00.123456+00', id };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });

  it('refuses anything it did not make with a 400', () => {
    const forged = [
      'nope',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from(JSON.stringify(['yesterday', id])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-11-24 21:50:00+00', 'x'])).toString('base64url'),
    ];
    for (const raw of forged) {
      expect(() => decodeCursor(raw)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('gives a next cursor only when there is more', () => {
    const rows = [1, 2, 3].map((n) => ({ at: `2026-11-2${n} 00:00:00+00`, id }));
    const more = keysetPage(
      rows,
      2,
      (r) => r,
      (r) => r.at,
    );
    expect(more.items).toHaveLength(2);
    expect(decodeCursor(more.nextCursor ?? '')).toEqual(rows[1]);
    expect(
      keysetPage(
        rows,
        3,
        (r) => r,
        (r) => r.at,
      ),
    ).toEqual({ items: rows.map((r) => r.at) });
  });

  it('takes search wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
