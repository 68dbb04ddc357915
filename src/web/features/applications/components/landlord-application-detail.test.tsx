// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Application, DEPOSIT_CAP_MESSAGE } from '../../../../shared/schemas/applications.ts';
import {
  aMember,
  anApplication,
  anInvitee,
  PAY_STUB_ID,
} from '../../../testing/application-fixtures.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import {
  type ApiCall,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { LandlordApplicationDetail } from './landlord-application-detail.tsx';

type Reply = { status?: number; body?: unknown };

function stub(application: Application, onAction?: (call: ApiCall) => Reply) {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === `/api/applications/${application.id}`) return { body: application };
    if (path === `/api/renter-profile/documents/${PAY_STUB_ID}`) return { body: { pdf: true } };
    if (call.method === 'POST' && onAction) return onAction(call);
    return undefined;
  });
}

async function open(application: Application) {
  const rendered = await renderMessaging(<LandlordApplicationDetail id={application.id} />);
  await waitFor(() =>
    expect(rendered.container.querySelector('h1')?.textContent).toBe('Rhea Renter'),
  );
  return rendered;
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('one application, for its landlord', () => {
  resetPageAfterEach();
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/stub-document');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the profile as sent, the income against the criteria, and the timeline', async () => {
    stub(
      anApplication({
        profile: {
          ...(anApplication().profile as NonNullable<Application['profile']>),
          voucher: { program: 'CityFHEPS', monthlyCents: 50_000 },
        },
      }),
    );
    const { container } = await open(anApplication());
    const text = textOf(container);
    for (const part of [
      'Income 42.0× of 40× — meets',
      'Employment · Acme Hospital · Nurse',
      '$10,500 a month',
      '(718) 555-0142',
      'Mar 1, 2027',
      '1 cat',
      '9 Old Road',
      'Jan 2020 – Dec 2024',
      'We would love to live here.',
      'Application received',
      "CityFHEPS pays $500 a month of the rent; the applicant's share is $2,500.",
    ]) {
      expect(text).toContain(part);
    }
    for (const forbidden of ['Social Security', 'birth', 'criminal', 'eviction', 'citizen']) {
      expect(text.toLowerCase()).not.toContain(forbidden.toLowerCase());
    }
  });

  it('offers only the moves the status allows', async () => {
    stub(
      anApplication({
        status: 'offered',
        offer: {
          rentCents: 300_000,
          depositCents: 0,
          leaseStart: '2027-03-01',
          leaseMonths: 12,
          fees: [],
        },
      }),
    );
    const { container } = await open(anApplication());
    expect(buttonNamed(container, 'Decline')).not.toBeNull();
    expect(buttonNamed(container, 'Make offer')).toBeNull();
    expect(buttonNamed(container, 'Request info')).toBeNull();
    expect(textOf(container)).toContain(
      'Waiting for the applicant to accept or reject your offer.',
    );
    expect(textOf(container)).toContain('No fees.');
  });

  it('has no moves once it is closed', async () => {
    stub(anApplication({ status: 'withdrawn', closedAt: '2026-11-22T15:00:00.000Z' }));
    const { container } = await open(anApplication());
    for (const name of ['Decline', 'Make offer', 'Request info']) {
      expect(buttonNamed(container, name)).toBeNull();
    }
    expect(textOf(container)).toContain('The applicant withdrew this application.');
    expect(textOf(container)).toContain('You can open these until Dec 22, 2026');
  });

  it('shows a PDF in the page from the bytes read with the cookie, with a download link', async () => {
    // happy-dom loads no frame (it logs a NotSupportedError saying so): the src is what counts.
    const calls = stub(anApplication());
    const { container } = await open(anApplication());
    await act(async () => buttonNamed(container, 'View pay-stub.pdf')?.click());
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull());
    const frame = container.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/stub-document');
    expect(frame.getAttribute('title')).toBe('pay-stub.pdf');
    const download = [...container.querySelectorAll('a')].find((a) => a.hasAttribute('download'));
    expect(download?.getAttribute('href')).toBe('blob:http://localhost/stub-document');
    expect(download?.getAttribute('download')).toBe('pay-stub.pdf');
    expect(
      calls.filter((c) => c.url.pathname.startsWith('/api/renter-profile/documents/')),
    ).toHaveLength(1);
    await act(async () => buttonNamed(container, 'Close pay-stub.pdf')?.click());
    expect(container.querySelector('iframe')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/stub-document');
  });

  it('says a document the renter deleted was removed', async () => {
    const [sent] = anApplication().documents;
    stub(
      anApplication({
        documents: [{ ...(sent as Application['documents'][number]), removed: true }],
      }),
    );
    const { container } = await open(anApplication());
    expect(textOf(container)).toContain('Removed by the applicant');
    expect(buttonNamed(container, 'View pay-stub.pdf')).toBeNull();
  });

  it('makes an offer with its fees itemized, in cents', async () => {
    const application = anApplication();
    const calls = stub(application, () => ({
      body: { ...application, status: 'offered', updatedAt: '2026-11-23T15:00:00.000Z' },
    }));
    const { container } = await open(application);
    await act(async () => buttonNamed(container, 'Make offer')?.click());
    expect(input('offer-rentCents').value).toBe('3000');
    expect(input('offer-leaseStart').value).toBe('2027-03-01');
    await act(async () => typeInto(input('offer-depositCents'), '3,000'));
    await act(async () => buttonNamed(dialog(), 'Add a fee')?.click());
    await act(async () => buttonNamed(dialog(), 'Add a fee')?.click());
    expect(document.activeElement?.id).toBe('offer-fees-1-name');
    await act(async () => typeInto(input('offer-fees-0-name'), 'Typo'));
    await act(async () => typeInto(input('offer-fees-1-name'), 'Move-in fee'));
    await act(async () => typeInto(input('offer-fees-1-amountCents'), '$20.50'));
    await act(async () => buttonNamed(dialog(), 'Remove fee 1')?.click());
    expect(input('offer-fees-0-name').value).toBe('Move-in fee');
    await act(async () => buttonNamed(dialog(), 'Send offer')?.click());
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url.pathname).toBe(`/api/applications/${application.id}/offer`);
    expect(posts(calls)[0]?.body).toEqual({
      rentCents: 300_000,
      depositCents: 300_000,
      leaseStart: '2027-03-01',
      leaseMonths: 12,
      fees: [{ name: 'Move-in fee', amountCents: 2_050 }],
    });
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(textOf()).toContain('Your offer was sent to Rhea Renter.');
  });

  it("refuses a deposit over one month's rent before sending it", async () => {
    const calls = stub(anApplication());
    const { container } = await open(anApplication());
    await act(async () => buttonNamed(container, 'Make offer')?.click());
    await act(async () => typeInto(input('offer-depositCents'), '6000'));
    await act(async () => buttonNamed(dialog(), 'Send offer')?.click());
    await waitFor(() =>
      expect(textOf(document.getElementById('offer-depositCents-error'))).toBe(DEPOSIT_CAP_MESSAGE),
    );
    expect(posts(calls)).toHaveLength(0);
  });

  it("shows the server's deposit cap message beside the deposit", async () => {
    const calls = stub(anApplication(), () => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: DEPOSIT_CAP_MESSAGE,
          details: [{ path: 'depositCents', message: DEPOSIT_CAP_MESSAGE }],
        },
      },
    }));
    const { container } = await open(anApplication());
    await act(async () => buttonNamed(container, 'Make offer')?.click());
    await act(async () => typeInto(input('offer-depositCents'), '3000'));
    await act(async () => buttonNamed(dialog(), 'Send offer')?.click());
    await waitFor(() =>
      expect(textOf(document.getElementById('offer-depositCents-error'))).toBe(DEPOSIT_CAP_MESSAGE),
    );
    expect(posts(calls)).toHaveLength(1);
    expect(input('offer-depositCents').getAttribute('aria-invalid')).toBe('true');
    expect(dialog()).not.toBeNull();
  });

  it("declines with a reason and a note, and shows the server's refusal of an income decline", async () => {
    const refusal =
      'This application meets the 40× income you asked for: it cannot be declined for income.';
    const application = anApplication();
    const calls = stub(application, (call) =>
      (call.body as { reason: string }).reason === 'income'
        ? { status: 409, body: { error: { code: 'CONFLICT', message: refusal } } }
        : {
            body: {
              ...application,
              status: 'declined',
              decline: call.body,
              updatedAt: '2026-11-23T15:00:00.000Z',
            },
          },
    );
    const { container } = await open(application);
    await act(async () => buttonNamed(container, 'Decline')?.click());
    const reason = dialog().querySelector('select') as HTMLSelectElement;
    await choose(reason, 'income');
    expect(textOf(dialog())).toContain('This application meets the 40× income you asked for.');
    await act(async () => buttonNamed(dialog(), 'Decline application')?.click());
    await waitFor(() => expect(textOf(dialog())).toContain(refusal));
    await choose(reason, 'rented');
    await act(async () =>
      typeInto(dialog().querySelector('textarea') as HTMLTextAreaElement, 'Taken last week.'),
    );
    await act(async () => buttonNamed(dialog(), 'Decline application')?.click());
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(posts(calls).map((c) => c.body)).toEqual([
      { reason: 'income' },
      { reason: 'rented', note: 'Taken last week.' },
    ]);
    expect(textOf(container)).toContain('You declined this application.');
  });

  it('asks the renter for more', async () => {
    const application = anApplication();
    const calls = stub(application, () => ({
      body: { ...application, status: 'info_requested', updatedAt: '2026-11-23T15:00:00.000Z' },
    }));
    const { container } = await open(application);
    await act(async () => buttonNamed(container, 'Request info')?.click());
    await act(async () =>
      typeInto(dialog().querySelector('textarea') as HTMLTextAreaElement, 'Please send an ID.'),
    );
    await act(async () => buttonNamed(dialog(), 'Send request')?.click());
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(posts(calls)[0]?.body).toEqual({ message: 'Please send an ID.' });
    expect(textOf(container)).toContain('Waiting for the applicant to answer.');
  });

  it('says when the application is not one of theirs', async () => {
    stubApi(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Application not found' } },
    }));
    const { container } = await renderMessaging(<LandlordApplicationDetail id="42" />);
    await waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('Application not found'),
    );
  });
  it("shows the household: each member's role, income and documents, and which way the criteria are met", async () => {
    const guarantor = aMember({
      id: '00000000-0000-4000-8000-0000000000b3',
      role: 'guarantor',
      name: 'Gus Guarantor',
      email: 'gus@stoop.test',
      incomeMultiple: 96,
      profile: {
        legalName: 'Gus Guarantor',
        pets: [],
        incomes: [{ source: 'self_employment', monthlyCents: 2_400_000 }],
        rentalHistory: [],
      },
      documents: [],
    });
    const application = anApplication({
      // $10,500 + $4,000 a month is 58.0× a $3,000 rent; the listing asks 60×, or 80× of a guarantor.
      incomeMultiple: 58,
      guarantorIncomeMultiple: 96,
      meetsCriteria: 'guarantor',
      criteria: { ...anApplication().criteria, incomeMultiple: 60, guarantorIncomeMultiple: 80 },
      members: [aMember(), guarantor],
      status: 'accepted',
      offer: {
        rentCents: 300_000,
        depositCents: 300_000,
        leaseStart: '2027-03-01',
        leaseMonths: 12,
        fees: [],
      },
      signedOffer: { signedBy: 'Rhea Renter', signedAt: '2026-11-23T15:00:00.000Z' },
    });
    stub(application);
    const { container } = await open(application);
    const text = textOf(container);
    for (const part of [
      'Household income 58.0× of 60× — does not meet',
      "Guarantor's income 96.0× of 80× — meets",
      'Meets the criteria through the guarantor',
      'Signed by Rhea Renter on Nov 23, 2026',
    ]) {
      expect(text).toContain(part);
    }
    const members = [
      ...container.querySelectorAll<HTMLElement>('[data-testid="household-member"]'),
    ];
    expect(members).toHaveLength(2);
    expect(textOf(members[0])).toContain('Mo Roommate');
    expect(textOf(members[0])).toContain('Co-applicant · mo@stoop.test');
    expect(textOf(members[0])).toContain('Income: $4,000 a month');
    expect(buttonNamed(members[0] as HTMLElement, 'View mo-stub.pdf')).not.toBeNull();
    expect(textOf(members[1])).toContain('Guarantor');
    expect(textOf(members[1])).toContain('$24,000 a month · 96.0× the rent');
    const pdf = [...container.querySelectorAll('a')].find(
      (a) => textOf(a) === 'Download signed offer (PDF)',
    );
    expect(pdf?.getAttribute('href')).toBe(`/api/applications/${application.id}/offer.pdf`);
  });

  it('says who has not joined yet, and offers no decision while the household is incomplete', async () => {
    const application = anApplication({
      status: 'awaiting_household',
      members: [aMember(), anInvitee()],
    });
    stub(application);
    const { container } = await open(application);
    expect(textOf(container)).toContain('Someone the applicant invited has not joined yet.');
    expect(textOf(container)).toContain("Meets the criteria with the household's income");
    expect(textOf(container)).toContain('Invited, not joined yet');
    expect(buttonNamed(container, 'Make offer')).toBeNull();
  });
});
