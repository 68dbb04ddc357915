import { describe, expect, it } from 'vitest';
import { PLANS, planById, TEST_CARDS } from '../../../shared/billing-plans.ts';
import { subscriptionFixture } from '../../testing/billing-fixtures.ts';
import {
  boostPriceCents,
  formatCents,
  formatDate,
  formatPlanPrice,
  luhnValid,
  planAction,
  usageText,
} from './format.ts';

const plan = (id: string) => {
  const found = planById(id);
  if (!found) throw new Error(id);
  return found;
};

describe('billing format', () => {
  it('shows cents the way an invoice does', () => {
    expect(formatCents(2_900)).toBe('$29.00');
    expect(formatCents(-1_643)).toBe('-$16.43');
    expect(formatCents(123_456_78)).toBe('$123,456.78');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('prices plans per month', () => {
    expect(PLANS.map(formatPlanPrice)).toEqual(['$0/mo', '$29/mo', '$79/mo', '$199/mo']);
    expect(formatPlanPrice({ priceCents: 2_950 })).toBe('$29.50/mo');
  });

  it('dates are New York dates', () => {
    // 03:00 UTC on Dec 1 is still Nov 30 in New York.
    expect(formatDate('2026-12-01T03:00:00.000Z')).toBe('Nov 30, 2026');
  });

  it('says the usage in words', () => {
    expect(usageText({ activeListings: 3, activeListingLimit: 10 })).toBe(
      '3 of 10 active listings',
    );
  });

  it('names what choosing each plan does', () => {
    const starter = subscriptionFixture({ planId: 'starter' });
    expect(PLANS.map((p) => planAction(starter, p))).toEqual([
      'cancel',
      'current',
      'upgrade',
      'upgrade',
    ]);
    const pro = subscriptionFixture({ planId: 'pro' });
    expect(planAction(pro, plan('starter'))).toBe('downgrade');
    const downgrading = subscriptionFixture({ planId: 'pro', pendingPlanId: 'starter' });
    expect(planAction(downgrading, plan('starter'))).toBe('pending');
    expect(planAction(downgrading, plan('pro'))).toBe('resume');
    const cancelled = subscriptionFixture({ planId: 'pro', cancelAtPeriodEnd: true });
    expect(planAction(cancelled, plan('free'))).toBe('pending');
    expect(planAction(cancelled, plan('pro'))).toBe('resume');
    const free = subscriptionFixture({ planId: 'free', paymentMethod: null });
    expect(planAction(free, plan('free'))).toBe('current');
    expect(planAction(free, plan('starter'))).toBe('upgrade');
  });

  it('accepts the documented test cards and refuses a typo', () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });

  it('prices a boost by the day', () => {
    expect(boostPriceCents(7, 300)).toBe(2_100);
    expect(boostPriceCents(90, 300)).toBe(27_000);
  });
});
