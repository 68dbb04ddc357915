// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, RENTED_NOTICE } from '../../../../shared/applications.ts';
import type { Application, ApplicationStatus } from '../../../../shared/schemas/applications.ts';
import { SIGNATURE_MISMATCH_MESSAGE } from '../../../../shared/schemas/households.ts';
import { aDocument, anApplication, applicationId } from '../../../testing/application-fixtures.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import {
  type ApiCall,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { RENTER_STATUS_TEXT, STATUS_LABEL } from '../words.ts';
import { RenterApplications } from './renter-applications.tsx';

const ID_DOCUMENT = '00000000-0000-4000-8000-0000000000f2';
const OFFER = {
  rentCents: 300_000,
  depositCents: 300_000,
  leaseStart: '2027-03-01',
  leaseMonths: 12,
  fees: [{ name: 'Move-in fee', amountCents: 2_000 }],
};

/** One application in `status`, with what that status carries. */
function inStatus(status: ApplicationStatus, n: number): Application {
  const base = anApplication({
    id: applicationId(n),
    status,
    viewer: 'applicant',
    listing: { ...anApplication().listing, title: `Listing ${status}` },
  });
  const timeline = [...base.timeline];
  if (status === 'info_requested') {
    timeline.push({
      kind: 'info_requested',
      at: '2026-11-21T15:00:00.000Z',
      by: 'landlord',
      detail: 'Please send an ID.',
    });
  }
  if (status === 'closed') {
    timeline.push({
      kind: 'closed',
      at: '2026-11-22T15:00:00.000Z',
      by: 'stoop',
      detail: RENTED_NOTICE,
    });
  }
  return {
    ...base,
    timeline,
    offer: ['offered', 'accepted', 'offer_rejected'].includes(status) ? OFFER : null,
    decline: status === 'declined' ? { reason: 'income', note: 'Sorry.' } : null,
  };
}

/** What a POST answers: the changed application, or a refusal (status and error body). */
type Answer = Application | { refusal: { status: number; body: unknown } };

type Replies = {
  applications: Application[];
  onAction?: (call: ApiCall) => Answer;
};

function stub({ applications, onAction }: Replies) {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/applications') return { body: { items: applications, nextCursor: null } };
    if (path === '/api/renter-profile/documents') {
      return {
        body: {
          items: [
            aDocument(),
            aDocument({
              id: ID_DOCUMENT,
              kind: 'id',
              name: 'passport.png',
              contentType: 'image/png',
            }),
          ],
        },
      };
    }
    if (call.method === 'POST' && onAction) {
      const answer = onAction(call);
      return 'refusal' in answer ? answer.refusal : { body: answer };
    }
    return undefined;
  });
}

const cards = () => [
  ...document.querySelectorAll<HTMLElement>('[data-testid="renter-application"]'),
];
const cardFor = (status: ApplicationStatus) =>
  cards().find((card) => textOf(card).includes(`Listing ${status}`)) as HTMLElement;

async function open() {
  const rendered = await renderMessaging(<RenterApplications />, { path: '/applications' });
  await waitFor(() => expect(cards().length).toBeGreaterThan(0));
  return rendered;
}

describe("the renter's applications", () => {
  resetPageAfterEach();

  it('says each status in words, with what it carries, and offers only the moves it allows', async () => {
    stub({ applications: APPLICATION_STATUSES.map((status, i) => inStatus(status, i + 1)) });
    await open();
    expect(cards()).toHaveLength(APPLICATION_STATUSES.length);
    for (const status of APPLICATION_STATUSES) {
      const card = cardFor(status);
      expect(textOf(card)).toContain(STATUS_LABEL[status]);
      expect(textOf(card)).toContain(RENTER_STATUS_TEXT[status]);
      const open = ['awaiting_household', 'submitted', 'info_requested', 'offered'].includes(
        status,
      );
      expect(buttonNamed(card, 'Withdraw application') !== null, status).toBe(open);
      expect(buttonNamed(card, 'Accept offer') !== null, status).toBe(status === 'offered');
      expect(buttonNamed(card, 'Send answer') !== null, status).toBe(status === 'info_requested');
    }
    expect(textOf(cardFor('info_requested'))).toContain('Please send an ID.');
    expect(textOf(cardFor('declined'))).toContain('Reason: Income below what the listing asked.');
    expect(textOf(cardFor('declined'))).toContain('Sorry.');
    expect(textOf(cardFor('closed'))).toContain(RENTED_NOTICE);
    // Every fee itemized.
    const offered = textOf(cardFor('offered'));
    for (const part of [
      '$3,000 a month',
      'Security deposit',
      'Mar 1, 2027',
      '12 months',
      'Move-in fee',
      '$20',
    ]) {
      expect(offered).toContain(part);
    }
    expect(textOf(cardFor('submitted'))).toContain('You sent the application');
    expect(textOf(cardFor('submitted'))).toContain('Documents sent: pay-stub.pdf');
  });

  it('answers a request for information, attaching a document not sent yet', async () => {
    const asked = inStatus('info_requested', 1);
    const calls = stub({
      applications: [asked],
      onAction: () => ({ ...asked, status: 'submitted', updatedAt: '2026-11-23T15:00:00.000Z' }),
    });
    const { container } = await open();
    await waitFor(() => expect(textOf(container)).toContain('passport.png'));
    // The pay stub went with the application already: only the ID is offered.
    const boxes = [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes).toHaveLength(1);
    const answer = container.querySelector('textarea') as HTMLTextAreaElement;
    await act(async () => typeInto(answer, 'Here is my passport.'));
    await act(async () => boxes[0]?.click());
    await act(async () => buttonNamed(container, 'Send answer')?.click());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/applications/${asked.id}/respond`);
    expect(post?.body).toEqual({ message: 'Here is my passport.', documentIds: [ID_DOCUMENT] });
    await waitFor(() => expect(textOf()).toContain('Your answer was sent to the landlord.'));
    // The card shows the answer's status once the list has it (the toast may come first).
    await waitFor(() => expect(textOf(container)).toContain(RENTER_STATUS_TEXT.submitted));
  });

  it('asks before it answers an empty request', async () => {
    const calls = stub({ applications: [inStatus('info_requested', 1)] });
    const { container } = await open();
    await act(async () => buttonNamed(container, 'Send answer')?.click());
    await waitFor(() => expect(textOf(container)).toContain('Message is required.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('accepts an offer by signing with the legal name, the fees shown, the refusal beside the field', async () => {
    const offered = inStatus('offered', 1);
    let refuse = true;
    const calls = stub({
      applications: [offered],
      onAction: () => {
        if (refuse) {
          refuse = false;
          return {
            refusal: {
              status: 400,
              body: {
                error: { code: 'VALIDATION_ERROR', message: SIGNATURE_MISMATCH_MESSAGE },
              },
            },
          };
        }
        return {
          ...offered,
          status: 'accepted',
          signedOffer: { signedBy: 'Rhea Renter', signedAt: '2026-11-23T15:00:00.000Z' },
          updatedAt: '2026-11-23T15:00:00.000Z',
        };
      },
    });
    const { container } = await open();
    await act(async () => buttonNamed(container, 'Accept offer')?.click());
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(textOf(dialog)).toContain('Sign and accept the offer');
    // The terms and every fee, itemized, where the renter signs.
    for (const part of ['$3,000 a month', 'Security deposit', 'Move-in fee', '$20']) {
      expect(textOf(dialog)).toContain(part);
    }
    const name = dialog.querySelector('input') as HTMLInputElement;
    expect(dialog.querySelector(`label[for="${name.id}"]`)?.textContent).toBe(
      'Type your full legal name to sign',
    );
    // Nothing typed: asked, nothing sent.
    await act(async () => buttonNamed(dialog, 'Sign and accept')?.click());
    // The check waits for its schema module (loaded on first use).
    await waitFor(() => expect(textOf(dialog)).toContain(SIGNATURE_MISMATCH_MESSAGE));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await act(async () => typeInto(name, 'Rhea Rentr'));
    await act(async () => buttonNamed(dialog, 'Sign and accept')?.click());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(textOf(dialog)).toContain(SIGNATURE_MISMATCH_MESSAGE);
    expect(document.activeElement).toBe(name);

    await act(async () => typeInto(name, 'rhea  renter'));
    await act(async () => buttonNamed(dialog, 'Sign and accept')?.click());
    await waitFor(() => expect(textOf(container)).toContain(RENTER_STATUS_TEXT.accepted));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url.pathname)).toEqual([
      `/api/applications/${offered.id}/accept`,
      `/api/applications/${offered.id}/accept`,
    ]);
    expect(posts.map((c) => c.body)).toEqual([
      { signature: 'Rhea Rentr' },
      { signature: 'rhea  renter' },
    ]);
    expect(document.querySelector('dialog')).toBeNull();
    expect(textOf()).toContain('You signed and accepted the offer.');
    // Signed: by whom and when, and the PDF.
    const signed = container.querySelector('[data-testid="signed-offer"]') as HTMLElement;
    expect(textOf(signed)).toContain('Signed by Rhea Renter on Nov 23, 2026');
    const link = [...signed.querySelectorAll('a')].find((a) =>
      textOf(a).includes('Download signed offer (PDF)'),
    );
    expect(link?.getAttribute('href')).toBe(`/api/applications/${offered.id}/offer.pdf`);
  });

  it('says when there are none yet, and where to go', async () => {
    stub({ applications: [] });
    const { container } = await renderMessaging(<RenterApplications />);
    await waitFor(() => expect(textOf(container)).toContain('No applications yet'));
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/search', '/applications/profile']);
  });

  it('says when they cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom.' } } }
        : { body: { items: [], nextCursor: null } },
    );
    const { container } = await renderMessaging(<RenterApplications />);
    await waitFor(() =>
      expect(textOf(container)).toContain('Your applications could not be loaded.'),
    );
    fail = false;
    await act(async () => buttonNamed(container, 'Try again')?.click());
    await waitFor(() => expect(textOf(container)).toContain('No applications yet'));
  });
});
