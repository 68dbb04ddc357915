import { describe, expect, it } from 'vitest';
import type { ListingSummary } from '../../../shared/schemas/listing-responses.ts';
import { featuredAt, type PageRow, PageRowCache } from './search-page-rows.ts';

const summary = (id: string, featured = false) => ({ id, featured }) as ListingSummary;
const row = (id: string, boostWindows: number[] = [], featured = false): PageRow => ({
  summary: summary(id, featured),
  boostWindows,
});

describe('featuredAt', () => {
  it('is featured by staff, or while a boost runs: from its start, until (not at) its end', () => {
    expect(featuredAt(row('a', [], true), 0).featured).toBe(true);
    const boosted = row('b', [100, 200, 500, 600]);
    expect([99, 100, 199, 200, 499, 550, 600].map((t) => featuredAt(boosted, t).featured)).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('leaves the kept summary untouched', () => {
    const boosted = row('c', [0, 10]);
    expect(featuredAt(boosted, 5)).not.toBe(boosted.summary);
    expect(boosted.summary.featured).toBe(false);
    expect(featuredAt(boosted, 20)).toBe(boosted.summary);
  });
});

describe('PageRowCache', () => {
  it('keeps rows read at the applied log position only', () => {
    const cache = new PageRowCache();
    cache.keep([['a', row('a')]], 7, 8);
    cache.keep([['b', row('b')]], 9, 8);
    expect(cache.size).toBe(0);
    cache.keep([['c', row('c')]], 8, 8);
    expect(cache.get('c')?.summary.id).toBe('c');
  });

  it('forgets the listings it is told about, and everything on clear', () => {
    const cache = new PageRowCache();
    cache.keep(
      ['a', 'b', 'c'].map((id) => [id, row(id)]),
      1,
      1,
    );
    cache.forget(['b', 'unknown']);
    expect(['a', 'b', 'c'].map((id) => cache.get(id) !== undefined)).toEqual([true, false, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('holds at most its limit, the rows kept first going first', () => {
    const cache = new PageRowCache(3);
    for (const id of ['a', 'b', 'c', 'd', 'e']) cache.keep([[id, row(id)]], 0, 0);
    expect(cache.size).toBe(3);
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => cache.get(id) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
