import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../../shared/billing-plans.ts';
import { subscriptionFixture } from '../../../testing/billing-fixtures.ts';
import { formatDate } from '../format.ts';
import { consequence, pauseNotice } from './plan-cards.tsx';

const plan = (id: string) => {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('what a smaller plan does to the listings', () => {
  const portfolio = subscriptionFixture({
    planId: 'portfolio',
    activeListings: 286,
    activeListingLimit: 500,
  });
  const end = formatDate(portfolio.currentPeriodEnd);

  it('says how many are paused, when, which stay and what paused means', () => {
    expect(consequence('downgrade', plan('pro'), portfolio)).toBe(
      `You keep Portfolio until ${end}, then move to Pro (50 active listings). You have 286 active listings; Pro allows 50, so 236 will be paused on ${end}: the 50 most recently published stay active, the others go back to draft (republish them any time the plan allows).`,
    );
  });

  it('says the same for a cancellation, against the free limit', () => {
    expect(consequence('cancel', plan('free'), portfolio)).toContain(
      'You have 286 active listings; Free allows 2, so 284 will be paused on',
    );
  });

  it('says nothing is paused when the listings fit', () => {
    const few = subscriptionFixture({ planId: 'portfolio', activeListings: 1 });
    expect(pauseNotice(plan('starter'), few)).toBe(
      'You have 1 active listing; Starter allows 10, so none will be paused.',
    );
    expect(pauseNotice(plan('pro'), { ...portfolio, activeListings: 50 })).toContain(
      'so none will be paused',
    );
  });
});
