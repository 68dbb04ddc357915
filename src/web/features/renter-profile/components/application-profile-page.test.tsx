// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import type { RenterProfile } from '../../../../shared/schemas/renter-profile.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { ApplicationProfilePage } from './application-profile-page.tsx';

const PROFILE: RenterProfile = {
  legalName: 'Rhea Renter',
  phone: '+1 718 555 0100',
  currentAddress: '12 Test Street, Brooklyn, NY',
  moveInDate: '2027-03-01',
  occupants: 2,
  incomes: [
    {
      source: 'employment',
      employer: 'Acme',
      title: 'Nurse',
      since: '2022-04',
      monthlyCents: 650_000,
    },
  ],
  voucher: { program: 'CityFHEPS', monthlyCents: 120_050 },
  rentalHistory: [
    { address: '9 Old Road', from: '2020-01', to: '2024-12', monthlyRentCents: 210_000 },
  ],
  pets: [{ kind: 'cat', count: 1 }],
  about: 'Quiet and tidy.',
  updatedAt: '2026-11-20T15:00:00.000Z',
};

const DOCUMENT: RenterDocument = {
  id: '00000000-0000-4000-8000-0000000000e1',
  kind: 'pay_stub',
  name: 'stub-november.pdf',
  size: 2048,
  contentType: 'application/pdf',
  uploadedAt: '2026-11-20T15:00:00.000Z',
};

type Options = {
  profile?: RenterProfile | null;
  missing?: string[];
  documents?: RenterDocument[];
  put?: { status: number; body: unknown };
};

function stub({ profile = PROFILE, missing = [], documents = [], put }: Options = {}) {
  return stubApi((call) => {
    if (call.url.pathname === '/api/renter-profile/documents')
      return { body: { items: documents } };
    if (call.url.pathname !== '/api/renter-profile') return undefined;
    if (call.method === 'PUT') {
      return (
        put ?? {
          body: {
            profile: { ...(call.body as object), updatedAt: PROFILE.updatedAt },
            missing: [],
          },
        }
      );
    }
    return { body: { profile, missing } };
  });
}

const field = (container: HTMLElement, id: string) =>
  container.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

async function open() {
  const rendered = await renderMessaging(<ApplicationProfilePage />);
  await waitFor(() => expect(rendered.container.querySelector('#rp-legalName')).not.toBeNull());
  return rendered;
}

describe('the application profile page', () => {
  resetPageAfterEach();
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved profile, in dollars, and that it is complete', async () => {
    stub();
    const { container } = await open();
    expect(field(container, 'rp-legalName').value).toBe('Rhea Renter');
    expect(field(container, 'rp-occupants').value).toBe('2');
    expect(field(container, 'rp-incomes-0-monthlyCents').value).toBe('6500');
    expect(field(container, 'rp-voucher-monthlyCents').value).toBe('1200.50');
    expect(field(container, 'rp-rentalHistory-0-address').value).toBe('9 Old Road');
    expect(textOf(container.querySelector('[data-testid="missing-panel"]'))).toContain(
      'Your profile is complete.',
    );
    const text = textOf(container);
    for (const forbidden of [
      'Social Security',
      'birth',
      'criminal',
      'eviction',
      'citizen',
      'marital',
    ]) {
      expect(text.toLowerCase()).not.toContain(forbidden.toLowerCase());
    }
  });

  it('names what is missing in words', async () => {
    stub({
      profile: null,
      missing: ['legalName', 'phone', 'currentAddress', 'moveInDate', 'occupants', 'incomes'],
    });
    const { container } = await open();
    const items = [...container.querySelectorAll('[data-testid="missing-panel"] li')].map(
      (li) => li.textContent,
    );
    expect(items).toEqual([
      'legal name',
      'phone',
      'current address',
      'move-in date',
      'number of occupants',
      'income',
    ]);
    expect(field(container, 'rp-legalName').value).toBe('');
  });

  it('sends the whole profile on save, with an income added', async () => {
    const calls = stub();
    const { container } = await open();
    await act(async () => typeInto(field(container, 'rp-phone'), '(718) 555-0199'));
    await act(async () => buttonNamed(container, 'Add an income')?.click());
    await act(async () => typeInto(field(container, 'rp-incomes-1-monthlyCents'), '$1,200'));
    await act(async () => buttonNamed(container, 'Save profile')?.click());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const { updatedAt: _updatedAt, ...rest } = PROFILE;
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...rest,
      phone: '(718) 555-0199',
      incomes: [...PROFILE.incomes, { source: 'employment', monthlyCents: 120_000 }],
    });
    await waitFor(() => expect(textOf()).toContain('Profile saved.'));
  });

  it("shows the server's field error beside its field", async () => {
    const message = 'Monthly income is too large.';
    stub({
      put: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message,
            details: [{ path: 'incomes.0.monthlyCents', message }],
          },
        },
      },
    });
    const { container } = await open();
    await act(async () => buttonNamed(container, 'Save profile')?.click());
    await waitFor(() =>
      expect(textOf(container.querySelector('#rp-incomes-0-monthlyCents-error'))).toBe(message),
    );
    expect(field(container, 'rp-incomes-0-monthlyCents').getAttribute('aria-invalid')).toBe('true');
    expect(textOf()).not.toContain('Profile saved.');
  });

  it('checks the fields with the shared schema before sending', async () => {
    const calls = stub();
    const { container } = await open();
    await act(async () => typeInto(field(container, 'rp-phone'), 'call me'));
    await act(async () => buttonNamed(container, 'Save profile')?.click());
    await waitFor(() =>
      expect(textOf(container.querySelector('#rp-phone-error'))).toBe(
        'Phone must be a phone number.',
      ),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('lists the documents, with a download link', async () => {
    stub({ documents: [DOCUMENT] });
    const { container } = await open();
    await waitFor(() => expect(textOf(container)).toContain('stub-november.pdf'));
    expect(textOf(container)).toContain('Pay stub · 2 KB · uploaded Nov 20, 2026');
    const link = [...container.querySelectorAll('a')].find((a) =>
      a.textContent?.startsWith('Download'),
    );
    expect(link?.getAttribute('href')).toBe(`/api/renter-profile/documents/${DOCUMENT.id}`);
    expect(buttonNamed(container, 'Delete stub-november.pdf')).not.toBeNull();
  });

  it('says when there are no documents yet', async () => {
    stub();
    const { container } = await open();
    await waitFor(() =>
      expect(textOf(container)).toContain(
        'No documents yet. Add a pay stub or ID to apply faster.',
      ),
    );
  });

  it('says when the profile cannot be loaded, and retries', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.url.pathname === '/api/renter-profile/documents') return { body: { items: [] } };
      if (fail) return { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom.' } } };
      return { body: { profile: null, missing: [] } };
    });
    const { container } = await renderMessaging(<ApplicationProfilePage />);
    await waitFor(() => expect(buttonNamed(container, 'Try again')).not.toBeNull());
    expect(textOf(container)).toContain('Your application profile could not be loaded.');
    fail = false;
    await act(async () => buttonNamed(container, 'Try again')?.click());
    await waitFor(() => expect(container.querySelector('#rp-legalName')).not.toBeNull());
  });
});
