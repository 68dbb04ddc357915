import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLANS, type Plan, planById } from '../../../shared/billing-plans.ts';
import { invoiceTotal, monthPeriodAt, prorationLines, remainingShare } from './billing-math.ts';

const plan = fc.constantFrom(...PLANS);
const instant = fc.date({
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2030-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('monthPeriodAt', () => {
  it('is the New York calendar month, midnight to midnight, across DST', () => {
    // 03:00 UTC on Nov 1 is still Oct 31 in New York.
    expect(monthPeriodAt(new Date('2026-11-01T03:00:00Z'))).toEqual({
      start: new Date('2026-10-01T04:00:00Z'),
      end: new Date('2026-11-01T04:00:00Z'),
    });
    expect(monthPeriodAt(new Date('2026-11-24T12:00:00Z'))).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-12-01T05:00:00Z'),
    });
  });

  it('always holds the instant, and the next period starts where it ends', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const period = monthPeriodAt(at);
        expect(period.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(period.end.getTime()).toBeGreaterThan(at.getTime());
        expect(monthPeriodAt(period.end).start).toEqual(period.end);
      }),
    );
  });
});

describe('proration', () => {
  it('credits half of the old plan and charges half of the new one at mid-period', () => {
    const period = {
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-12-01T05:00:00Z'),
    };
    const at = new Date((period.start.getTime() + period.end.getTime()) / 2);
    const starter = planById('starter') as Plan;
    const pro = planById('pro') as Plan;
    const lines = prorationLines({ from: starter, to: pro, period, at });
    expect(lines.map((l) => l.amountCents)).toEqual([-1450, 3950]);
    expect(invoiceTotal(lines)).toBe(2500);
    expect(lines.every((l) => l.kind === 'proration')).toBe(true);
  });

  it('upgrading: integer lines, total = sum of lines, never a negative total', () => {
    fc.assert(
      fc.property(
        plan,
        plan,
        instant,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b, at, f) => {
          const [from, to] = a.priceCents <= b.priceCents ? [a, b] : [b, a];
          const period = monthPeriodAt(at);
          const when = new Date(
            period.start.getTime() +
              Math.floor(f * (period.end.getTime() - period.start.getTime())),
          );
          const lines = prorationLines({ from, to, period, at: when });
          expect(lines.length).toBeGreaterThan(0);
          for (const line of lines) expect(Number.isInteger(line.amountCents)).toBe(true);
          const total = invoiceTotal(lines);
          expect(total).toBe(lines.reduce((s, l) => s + l.amountCents, 0));
          expect(total).toBeGreaterThanOrEqual(0);
          expect(total).toBeLessThanOrEqual(to.priceCents);
        },
      ),
    );
  });

  it('a share is between nothing and the full price, and full at the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), instant, instant, (price, a, b) => {
        const period = monthPeriodAt(a);
        const share = remainingShare(price, period, b);
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(price);
        expect(remainingShare(price, period, period.start)).toBe(price);
        expect(remainingShare(price, period, period.end)).toBe(0);
      }),
    );
  });
});
