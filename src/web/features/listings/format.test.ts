import { describe, expect, it } from 'vitest';
import { formatDate, formatInteger, formatMoney } from './format.ts';

describe('listing formatting (no Intl)', () => {
  it('formats money like Intl en-US currency', () => {
    const whole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const value of [
      0, 5, 2050, 99_999, 385_000, 1_234_567_800, 100_000_001, -2050, -385_000,
    ]) {
      const expected = value % 100 === 0 ? whole.format(value / 100) : cents.format(value / 100);
      expect(formatMoney(value)).toBe(expected);
    }
    expect(formatMoney(385_000)).toBe('$3,850');
    expect(formatMoney(2050)).toBe('$20.50');
  });

  it('formats whole numbers with separators', () => {
    for (const value of [0, 7, 650, 1000, 12_500, 1_000_000, -4200]) {
      expect(formatInteger(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('formats calendar dates like en-US short dates, leaving anything else as it is', () => {
    expect(formatDate('2026-12-01')).toBe('Dec 1, 2026');
    expect(formatDate('2027-05-31T04:00:00.000Z')).toBe('May 31, 2027');
    expect(formatDate(null)).toBe('');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    for (const iso of ['2026-01-09', '2026-02-28', '2026-07-04', '2026-10-15']) {
      const date = new Date(`${iso}T12:00:00`);
      const expected = date.toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
      expect(formatDate(iso)).toBe(expected);
    }
  });
});
