import { describe, expect, it } from 'vitest';
import { splitList } from './list-param.ts';

describe('splitList', () => {
  it('trims the parts of a comma-separated value and drops the empty ones', () => {
    expect(splitList('gym, doorman')).toEqual(['gym', 'doorman']);
    expect(splitList(' 40.7 ,-74.0,,')).toEqual(['40.7', '-74.0']);
    expect(splitList('')).toEqual([]);
    expect(splitList(' , ')).toEqual([]);
  });
});
