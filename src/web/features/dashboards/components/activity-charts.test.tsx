// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { landlordStatsFixture } from '../../../testing/billing-fixtures.ts';
import { cleanup, render, waitFor } from '../../../testing/render.tsx';
import { ActivityCharts, lastDays } from './activity-charts.tsx';
import { dayLabel } from './day-label.ts';
import { LandlordFigures } from './landlord-figures.tsx';

// uPlot draws on a canvas happy-dom does not have: the chart module is replaced by its data.
vi.mock('./uplot-chart.tsx', () => ({
  default: ({ values }: { values: number[] }) => <p data-testid="drawn">{values.join(',')}</p>,
}));

const HREFS = { views: '/landlord/listings', saves: '/landlord/listings', inquiries: '/chat' };

async function inRouter(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(<RouterProvider router={router} />);
}

describe('the activity charts', () => {
  afterEach(async () => {
    await cleanup();
    document.body.innerHTML = '';
  });

  it('labels New York days as written', () => {
    expect(dayLabel('2026-11-01')).toBe('Nov 1');
    expect(dayLabel('2026-03-08')).toBe('Mar 8');
  });

  it('takes the last 7 or 30 days, oldest first', () => {
    const stats = landlordStatsFixture();
    expect(lastDays(stats.daily, 7).map((d) => d.day)).toEqual(
      stats.daily.slice(23).map((d) => d.day),
    );
    expect(lastDays(stats.daily, 30)).toHaveLength(30);
  });

  it('shows both totals, a chart, and the same figures as a table for screen readers', async () => {
    const stats = landlordStatsFixture();
    const { container } = await inRouter(<ActivityCharts stats={stats} hrefs={HREFS} />);
    const views = container.querySelector('[data-testid="chart-views"]');
    expect(views?.querySelector('[data-testid="total-7"]')?.textContent).toBe(
      String(stats.totals.last7.views),
    );
    expect(views?.querySelector('[data-testid="total-30"]')?.textContent).toBe(
      String(stats.totals.last30.views),
    );
    // The canvas is hidden from assistive technology; the table carries the figures.
    expect(views?.querySelector('[aria-hidden="true"]')).not.toBeNull();
    const rows = views?.querySelectorAll('table tbody tr') ?? [];
    expect(rows).toHaveLength(30);
    expect(rows[29]?.textContent).toBe(`Nov 24${stats.daily[29]?.views}`);
    expect(views?.querySelector('caption')?.textContent).toBe('Views per day, last 30 days');
    await waitFor(() => expect(views?.querySelector('[data-testid="drawn"]')).not.toBeNull());
    expect(views?.querySelector('[data-testid="drawn"]')?.textContent).toBe(
      stats.daily.map((d) => d.views).join(','),
    );
    expect(container.querySelector('[data-testid="chart-inquiries"] a')?.getAttribute('href')).toBe(
      '/chat',
    );

    const week = [...container.querySelectorAll('button')].find((b) => b.textContent === '7 days');
    await act(async () => week?.click());
    expect(week?.getAttribute('aria-pressed')).toBe('true');
    expect(views?.querySelectorAll('table tbody tr')).toHaveLength(7);
    await waitFor(() =>
      expect(views?.querySelector('[data-testid="drawn"]')?.textContent).toBe(
        stats.daily
          .slice(-7)
          .map((d) => d.views)
          .join(','),
      ),
    );
  });
});

describe('the landlord figures', () => {
  afterEach(async () => {
    await cleanup();
    document.body.innerHTML = '';
  });

  it('links every figure to where it is managed', async () => {
    const stats = landlordStatsFixture();
    const { container } = await inRouter(<LandlordFigures stats={stats} unread={7} />);
    const tile = (id: string) => container.querySelector(`[data-testid="${id}"]`);
    const cases = [
      ['stat-active', '3', '/landlord/listings?status=active'],
      ['stat-draft', '2', '/landlord/listings?status=draft'],
      ['stat-rented', '1', '/landlord/listings?status=rented'],
      ['stat-plan', '3/10', '/landlord/billing'],
      ['stat-tours', '4', '/landlord/tours'],
      ['stat-waitlist', '5', '/landlord/waitlist'],
      ['stat-unread', '7', '/chat'],
    ] as const;
    for (const [id, value, href] of cases) {
      expect(tile(id)?.querySelector('[data-testid="stat-value"]')?.textContent, id).toBe(value);
      expect(tile(id)?.getAttribute('href'), id).toBe(href);
    }
    expect(tile('stat-tours')?.textContent).toContain('2 requests to answer');
    expect(tile('stat-tours')?.textContent).toContain('Confirmed tours');
    expect(tile('stat-waitlist')?.textContent).toContain('Waiting on 2 listings');
  });

  it('says when the plan is full', async () => {
    const stats = landlordStatsFixture({
      plan: { planId: 'free', activeListings: 2, activeListingLimit: 2 },
    });
    const { container } = await inRouter(<LandlordFigures stats={stats} unread={0} />);
    expect(container.querySelector('[data-testid="stat-plan"]')?.textContent).toContain(
      'At your limit: upgrade',
    );
  });
});
