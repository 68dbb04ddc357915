// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Application } from '../../../../shared/schemas/applications.ts';
import {
  aMember,
  anApplication,
  anInvitee,
  MEMBER_ID,
} from '../../../testing/application-fixtures.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import {
  type ApiCall,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { RenterApplications } from './renter-applications.tsx';

/** Rhea's application with Mo (joined) and Gus (invited as guarantor), as Rhea sees it. */
const primaryView = (overrides: Partial<Application> = {}) =>
  anApplication({
    viewer: 'applicant',
    status: 'awaiting_household',
    members: [aMember(), anInvitee()],
    ...overrides,
  });

/** The same application as Mo sees it: no profile of Rhea's, no addresses, his own documents. */
const memberView = (overrides: Partial<Application> = {}) =>
  anApplication({
    viewer: 'member',
    status: 'submitted',
    profile: null,
    documents: [],
    incomeMultiple: null,
    members: [aMember({ email: null }), anInvitee({ email: null, profile: null })],
    ...overrides,
  });

function stub(application: Application, onPost?: (call: ApiCall) => unknown) {
  return stubApi((call) => {
    if (call.url.pathname === '/api/applications') {
      return { body: { items: [application], nextCursor: null } };
    }
    if (call.method === 'POST') {
      const body = onPost?.(call);
      return body === undefined ? { status: 204 } : { body };
    }
    return undefined;
  });
}

const household = () => document.querySelector('[data-testid="household"]') as HTMLElement;
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function open() {
  const rendered = await renderMessaging(<RenterApplications />, { path: '/applications' });
  await waitFor(() => expect(household()).not.toBeNull());
  return rendered;
}

describe("the household on the renter's applications", () => {
  resetPageAfterEach();

  it('shows the primary everyone invited, and lets them send a new link, remove and invite', async () => {
    const application = primaryView();
    const calls = stub(application, (call) =>
      call.url.pathname.endsWith('/remove')
        ? { ...application, members: [anInvitee()], updatedAt: '2026-11-22T15:00:00.000Z' }
        : application,
    );
    await open();
    const text = textOf(household());
    for (const part of [
      'Rhea Renter (you)',
      'Primary applicant',
      'Mo Roommate',
      'Co-applicant · Joined Nov 21, 2026',
      'Invited gus@stoop.test',
      'Guarantor · Invited, not joined yet · link works until Dec 4, 2026',
    ]) {
      expect(text).toContain(part);
    }
    expect(buttonNamed(household(), 'Leave application')).toBeNull();

    // A fresh link for the one not joined: the same address and role again.
    await act(async () => buttonNamed(household(), 'Send a new link to gus@stoop.test')?.click());
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url.pathname).toBe(`/api/applications/${application.id}/invite`);
    expect(posts(calls)[0]?.body).toEqual({ email: 'gus@stoop.test', role: 'guarantor' });
    await waitFor(() => expect(textOf()).toContain('A new link was sent to gus@stoop.test.'));

    // The guarantor's place is taken: only a co-applicant can be invited.
    const form = document.querySelector(
      'form[aria-label="Invite someone to this application"]',
    ) as HTMLFormElement;
    const role = form.querySelector('select') as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(['co_applicant']);
    const email = form.querySelector('input[type="email"]') as HTMLInputElement;
    await act(async () => typeInto(email, 'not an address'));
    await act(async () => buttonNamed(form, 'Send invitation')?.click());
    await waitFor(() =>
      expect(textOf(form)).toContain('Each invitation needs a valid email address.'),
    );
    expect(posts(calls)).toHaveLength(1);
    await act(async () => typeInto(email, ' Ana@Stoop.test '));
    await act(async () => buttonNamed(form, 'Send invitation')?.click());
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]?.body).toEqual({ email: 'ana@stoop.test', role: 'co_applicant' });
    await waitFor(() => expect(textOf()).toContain('Invitation sent to ana@stoop.test.'));

    // Removing asks first.
    await act(async () => buttonNamed(household(), 'Remove Mo Roommate')?.click());
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(textOf(dialog)).toContain('Remove Mo Roommate?');
    expect(posts(calls)).toHaveLength(2);
    await act(async () => buttonNamed(dialog, 'Remove')?.click());
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    expect(posts(calls)[2]?.url.pathname).toBe(
      `/api/applications/${application.id}/members/${MEMBER_ID}/remove`,
    );
    await waitFor(() => expect(textOf(household())).not.toContain('Mo Roommate'));
    expect(textOf()).toContain('Mo Roommate was removed from the application.');
  });

  it('offers no changes to the household once an offer is made', async () => {
    stub(
      primaryView({
        status: 'offered',
        members: [aMember()],
        offer: {
          rentCents: 300_000,
          depositCents: 300_000,
          leaseStart: '2027-03-01',
          leaseMonths: 12,
          fees: [],
        },
      }),
    );
    await open();
    expect(textOf(household())).toContain('Mo Roommate');
    expect(buttonNamed(household(), 'Remove Mo Roommate')).toBeNull();
    expect(buttonNamed(household(), 'Send invitation')).toBeNull();
  });

  it('shows a member who joined their role, names only, their documents, and lets them leave', async () => {
    const application = memberView();
    const calls = stub(application);
    const { container } = await open();
    const text = textOf(household());
    expect(text).toContain('You joined as co-applicant');
    expect(text).toContain('Mo Roommate (you)');
    expect(text).toContain('Invited guarantor');
    expect(text).toContain('Your documents sent: mo-stub.pdf');
    expect(text).not.toContain('@stoop.test');
    // The primary's moves are not theirs.
    for (const name of [
      'Send invitation',
      'Remove Mo Roommate',
      'Withdraw application',
      'Send answer',
    ]) {
      expect(buttonNamed(container, name), name).toBeNull();
    }
    expect(textOf(container)).not.toContain('Documents sent: pay-stub.pdf');

    await act(async () => buttonNamed(household(), 'Leave application')?.click());
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(textOf(dialog)).toContain('Leave this application?');
    await act(async () => buttonNamed(dialog, 'Leave application')?.click());
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url.pathname).toBe(`/api/applications/${application.id}/leave`);
    // No longer theirs: it leaves the list.
    await waitFor(() =>
      expect(container.querySelectorAll('[data-testid="renter-application"]')).toHaveLength(0),
    );
    expect(textOf()).toContain('You left the application.');
  });

  it('shows a member the offer and who signed it, with the PDF, but not Accept', async () => {
    stub(
      memberView({
        status: 'accepted',
        offer: {
          rentCents: 300_000,
          depositCents: 300_000,
          leaseStart: '2027-03-01',
          leaseMonths: 12,
          fees: [{ name: 'Move-in fee', amountCents: 2_000 }],
        },
        signedOffer: { signedBy: 'Rhea Renter', signedAt: '2026-11-23T15:00:00.000Z' },
      }),
    );
    const { container } = await open();
    expect(textOf(container)).toContain('Rhea Renter accepted the offer.');
    expect(textOf(container)).toContain('Signed by Rhea Renter on Nov 23, 2026');
    expect(buttonNamed(container, 'Accept offer')).toBeNull();
    const pdf = [...container.querySelectorAll('a')].find(
      (a) => textOf(a) === 'Download signed offer (PDF)',
    );
    expect(pdf?.getAttribute('href')).toMatch(/^\/api\/applications\/[0-9a-f-]+\/offer\.pdf$/);
  });
});
