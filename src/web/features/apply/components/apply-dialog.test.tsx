// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  type ApplicationSettings,
  DEFAULT_APPLICATION_SETTINGS,
} from '../../../../shared/schemas/application-settings.ts';
import type { RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import type { RenterProfile } from '../../../../shared/schemas/renter-profile.ts';
import {
  APPLY_LISTING,
  APPLY_PROFILE,
  APPLY_RENT,
  anApplication,
} from '../../../testing/apply-fixtures.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import ApplyDialog from './apply-dialog.tsx';

const LISTING = APPLY_LISTING;
const RENT = APPLY_RENT;
const PROFILE = APPLY_PROFILE;

const doc = (n: number, kind: RenterDocument['kind'], name: string): RenterDocument => ({
  id: `00000000-0000-4000-8000-0000000000e${n}`,
  kind,
  name,
  size: 2048,
  contentType: 'application/pdf',
  uploadedAt: '2026-11-20T15:00:00.000Z',
});
const STUB = doc(1, 'pay_stub', 'stub-november.pdf');
const BANK = doc(2, 'bank_statement', 'bank-october.pdf');

const CRITERIA: ApplicationSettings = {
  acceptingApplications: true,
  incomeMultiple: 40,
  guarantorIncomeMultiple: null,
  requiredDocuments: ['pay_stub'],
};

const applicationOf = (body: { message?: string }) =>
  anApplication({ message: body.message ?? null, criteria: CRITERIA });

type Options = {
  profile?: RenterProfile | null;
  missing?: string[];
  documents?: RenterDocument[];
  post?: { status: number; body: unknown };
};

function stub({ profile = PROFILE, missing = [], documents = [STUB, BANK], post }: Options = {}) {
  return stubApi((call) => {
    if (call.url.pathname === '/api/renter-profile') return { body: { profile, missing } };
    if (call.url.pathname === '/api/renter-profile/documents')
      return { body: { items: documents } };
    if (call.url.pathname === `/api/listings/${LISTING}/applications` && call.method === 'POST') {
      return post ?? { status: 201, body: applicationOf(call.body as { message?: string }) };
    }
    return undefined;
  });
}

async function open(settings: ApplicationSettings = CRITERIA, onClose = () => {}) {
  const rendered = await renderMessaging(
    <ApplyDialog
      listingId={LISTING}
      listingTitle="Sunny two-bedroom"
      rentCents={RENT}
      settings={settings}
      onClose={onClose}
    />,
  );
  await waitFor(() => expect(textOf()).toContain('What will be sent'));
  return rendered;
}

const checkbox = (name: string) =>
  [...document.querySelectorAll('label')]
    .find((label) => label.textContent?.includes(name))
    ?.querySelector('input') as HTMLInputElement;

describe('the Apply dialog', () => {
  resetPageAfterEach();

  it('shows what will be sent: the profile summary and the documents, the asked-for kind chosen', async () => {
    stub();
    await open();
    const text = textOf();
    expect(text).toContain('Applying on Stoop is free.');
    expect(text).toContain('Rhea Renter');
    // $11,000 a month × 12 over $3,200: 41.2×.
    expect(text).toContain('$11,000 a month: 41.2× the rent');
    expect(text).toContain('March 1, 2027');
    expect(checkbox('stub-november.pdf').checked).toBe(true);
    expect(checkbox('bank-october.pdf').checked).toBe(false);
    expect(textOf(checkbox('stub-november.pdf').closest('label'))).toContain('Asked for');
    expect(text).toContain('Nothing is missing: your application is ready to send.');
  });

  it('sends the chosen documents, the message, the move-in date and one idempotency key', async () => {
    const calls = stub();
    await open();
    await act(async () => checkbox('bank-october.pdf').click());
    await act(async () =>
      typeInto(
        document.querySelector('textarea') as HTMLTextAreaElement,
        '  We loved the light.  ',
      ),
    );
    await act(async () =>
      typeInto(document.querySelector('input[type="date"]') as HTMLInputElement, '2027-04-01'),
    );
    await act(async () => buttonNamed(document.body, 'Send application')?.click());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toEqual({
      documentIds: [STUB.id, BANK.id],
      message: 'We loved the light.',
      moveInDate: '2027-04-01',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
    });
  });

  it('names what is missing, links to the profile and sends nothing until it is added', async () => {
    const calls = stub({ missing: ['phone', 'incomes'], documents: [BANK] });
    await open({ ...CRITERIA, requiredDocuments: ['pay_stub', 'bank_statement'] });
    await act(async () => checkbox('bank-october.pdf').click());
    const missing = document.querySelector('[data-testid="apply-missing"]');
    expect([...(missing?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Phone: add it to your profile',
      'Income: add it to your profile',
      'Pay stub: upload one to your profile',
      'Bank statement: choose one to send',
    ]);
    const link = [...document.querySelectorAll('a')].find(
      (a) => a.textContent === 'Complete your application profile',
    );
    // The profile page then lists what this listing still needs.
    expect(link?.getAttribute('href')).toBe(`/applications/profile?listingId=${LISTING}`);
    await act(async () => buttonNamed(document.body, 'Send application')?.click());
    expect(textOf()).toContain('Add what is missing, then send your application.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal in the dialog", async () => {
    stub({
      post: {
        status: 409,
        body: {
          error: {
            code: 'APPLICATION_EXISTS',
            message: 'You already have an open application for this listing.',
          },
        },
      },
    });
    await open();
    await act(async () => buttonNamed(document.body, 'Send application')?.click());
    await waitFor(() =>
      expect(textOf(document.querySelector('[role="alert"]'))).toContain(
        'You already have an open application for this listing.',
      ),
    );
    expect(document.querySelector('dialog')).not.toBeNull();
    expect(textOf()).not.toContain('Your application was sent.');
  });

  it('shows the status and the way to the applications once sent', async () => {
    stub();
    const onClose = vi.fn();
    await open(CRITERIA, onClose);
    await act(async () => buttonNamed(document.body, 'Send application')?.click());
    await waitFor(() => expect(textOf()).toContain('Your application was sent.'));
    expect(textOf(document.querySelector('[data-testid="apply-sent-status"]'))).toBe(
      'Status: Application submitted',
    );
    const link = [...document.querySelectorAll('a')].find(
      (a) => a.textContent === 'See your applications',
    );
    expect(link?.getAttribute('href')).toBe('/applications');
    expect(document.activeElement?.textContent).toBe('Your application was sent.');
    await act(async () => buttonNamed(document.body, 'Close')?.click());
    expect(onClose).toHaveBeenCalled();
  });

  it('invites roommates and a guarantor with the application, each address checked first', async () => {
    const calls = stubApi((call) => {
      if (call.url.pathname === '/api/renter-profile') {
        return { body: { profile: PROFILE, missing: [] } };
      }
      if (call.url.pathname === '/api/renter-profile/documents') {
        return { body: { items: [STUB] } };
      }
      if (call.method === 'POST') {
        return { status: 201, body: anApplication({ status: 'awaiting_household' }) };
      }
      return undefined;
    });
    await open();
    const toggle = buttonNamed(document.body, 'Apply with others') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => toggle.click());
    expect(textOf()).toContain('Applying on Stoop is free for everyone in the household.');
    const field = (label: string) =>
      document.getElementById(
        [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? '',
      ) as HTMLInputElement;
    await act(async () => buttonNamed(document.body, 'Add a roommate')?.click());
    await act(async () => typeInto(field("Roommate 1's email"), 'mo@stoop'));
    await act(async () => buttonNamed(document.body, 'Add a roommate')?.click());
    expect(document.activeElement).toBe(field("Roommate 2's email"));
    await act(async () => typeInto(field("Roommate 2's email"), 'Ana@Stoop.test'));
    await act(async () => typeInto(field("Guarantor's email (optional)"), 'gus@stoop.test'));
    await act(async () => buttonNamed(document.body, 'Send application')?.click());
    expect(textOf()).toContain('Each invitation needs a valid email address.');
    expect(field("Roommate 1's email").getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await act(async () => typeInto(field("Roommate 1's email"), 'mo@stoop.test'));
    await act(async () => buttonNamed(document.body, 'Send application')?.click());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      coApplicants: ['mo@stoop.test', 'ana@stoop.test'],
      guarantor: 'gus@stoop.test',
    });
    await waitFor(() => expect(textOf()).toContain('Your application was sent.'));
    expect(textOf(document.querySelector('[data-testid="apply-sent-status"]'))).toBe(
      'Status: Waiting for your household',
    );
    expect(textOf()).toContain('Everyone you invited must join before the landlord sees it.');
  });

  it('says when the profile cannot be loaded, and retries', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.url.pathname === '/api/renter-profile/documents') return { body: { items: [] } };
      if (fail) return { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom.' } } };
      return { body: { profile: PROFILE, missing: [] } };
    });
    await renderMessaging(
      <ApplyDialog
        listingId={LISTING}
        listingTitle="Sunny two-bedroom"
        rentCents={RENT}
        settings={DEFAULT_APPLICATION_SETTINGS}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(buttonNamed(document.body, 'Try again')).not.toBeNull());
    expect(textOf()).toContain('Your application profile could not be loaded.');
    fail = false;
    await act(async () => buttonNamed(document.body, 'Try again')?.click());
    await waitFor(() => expect(textOf()).toContain('What will be sent'));
    expect(textOf()).toContain('You have no documents yet.');
  });
});
