// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import type { InvitationView } from '../../../../shared/schemas/households.ts';
import type { RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import { APPLY_LISTING, APPLY_PROFILE, anApplication } from '../../../testing/apply-fixtures.ts';
import { buttonNamed, textOf } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import {
  INVALID_INVITATION,
  JoinInvitation,
  type JoinInvitationProps,
} from './join-invitation.tsx';

const TOKEN = 'tK3n_abcdefghijklmnopqrstuvwxyz0123456789AB';
const APPLICATION = '00000000-0000-4000-8000-0000000000a1';
const INVITATION: InvitationView = {
  applicationId: APPLICATION,
  memberId: '00000000-0000-4000-8000-0000000000b2',
  role: 'guarantor',
  email: 'gus@stoop.test',
  invitedBy: 'Rhea Renter',
  listing: { id: APPLY_LISTING, title: 'Sunny two-bedroom', neighborhood: 'tribeca' },
  expiresAt: '2026-12-04T15:00:00.000Z',
};
const SETTINGS: ApplicationSettings = {
  acceptingApplications: true,
  incomeMultiple: 40,
  guarantorIncomeMultiple: 80,
  requiredDocuments: ['pay_stub'],
};
const STUB: RenterDocument = {
  id: '00000000-0000-4000-8000-0000000000e1',
  kind: 'pay_stub',
  name: 'gus-stub.pdf',
  size: 2048,
  contentType: 'application/pdf',
  uploadedAt: '2026-11-20T15:00:00.000Z',
};

type Options = {
  invitation?: { status: number; body: unknown };
  missing?: string[];
  documents?: RenterDocument[];
  join?: { status: number; body: unknown };
};

function stub({ invitation, missing = [], documents = [STUB], join }: Options = {}) {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === `/api/application-invitations/${TOKEN}`) return invitation ?? { body: INVITATION };
    if (path === `/api/listings/${APPLY_LISTING}/application-settings`) {
      return { body: { settings: SETTINGS } };
    }
    if (path === '/api/renter-profile') return { body: { profile: APPLY_PROFILE, missing } };
    if (path === '/api/renter-profile/documents') return { body: { items: documents } };
    if (path === `/api/applications/${APPLICATION}/join`) {
      return join ?? { body: anApplication({ viewer: 'member', profile: null }) };
    }
    return undefined;
  });
}

async function open(props: Partial<JoinInvitationProps> = {}) {
  const onJoined = vi.fn();
  const rendered = await renderMessaging(
    <JoinInvitation
      token={TOKEN}
      viewer="renter"
      signIn={{ to: '/login' }}
      signUp={{ to: '/register/renter' }}
      profile={{ to: `/applications/profile?back=/applications/join/${TOKEN}` }}
      home="/"
      onJoined={onJoined}
      {...props}
    />,
  );
  return { ...rendered, onJoined };
}

const hrefOf = (name: string) =>
  [...document.querySelectorAll('a')].find((a) => textOf(a) === name)?.getAttribute('href');

describe('the page a household invitation opens', () => {
  resetPageAfterEach();

  it('says a link that is no token is invalid, without asking the server', async () => {
    const calls = stub();
    await open({ token: 'nope', viewer: 'visitor' });
    expect(textOf()).toContain(INVALID_INVITATION);
    expect(hrefOf('Go to the home page')).toBe('/');
    expect(calls).toHaveLength(0);
  });

  it('says a used or expired link is invalid', async () => {
    stub({
      invitation: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Invitation not found' } },
      },
    });
    await open({ viewer: 'visitor' });
    await waitFor(() => expect(textOf()).toContain(INVALID_INVITATION));
    expect(buttonNamed(document.body, 'Join application')).toBeNull();
  });

  it('tells a visitor who invited them to what, as what, and where to sign in or up', async () => {
    stub();
    await open({ viewer: 'visitor' });
    await waitFor(() => expect(textOf()).toContain('Rhea Renter invited you'));
    const text = textOf();
    expect(text).toContain('Sunny two-bedroom, Tribeca as the guarantor.');
    expect(text).toContain('until December 4, 2026');
    expect(text).toContain('Applying on Stoop is free.');
    expect(hrefOf('Sign in')).toBe('/login');
    expect(hrefOf('Create a renter account')).toBe('/register/renter');
    expect(buttonNamed(document.body, 'Join application')).toBeNull();
  });

  it('tells a landlord that only renters can join', async () => {
    stub();
    await open({ viewer: 'other' });
    await waitFor(() => expect(textOf()).toContain('Only renters can join an application.'));
    expect(buttonNamed(document.body, 'Join application')).toBeNull();
  });

  it("lists what a renter's profile lacks, with the way to it, and joins only once it is there", async () => {
    const calls = stub({ missing: ['phone'], documents: [] });
    const { onJoined } = await open();
    await waitFor(() => expect(textOf()).toContain("What's missing"));
    expect(textOf()).toContain('Income 40× the rent');
    expect(textOf()).toContain("Guarantor's income 80× the rent");
    const items = [...document.querySelectorAll('[data-testid="join-missing"] li')].map(
      (li) => li.textContent,
    );
    expect(items).toEqual([
      'Phone: add it to your profile',
      'Pay stub: upload one to your profile',
    ]);
    expect(hrefOf('Complete your application profile')).toBe(
      `/applications/profile?back=/applications/join/${TOKEN}`,
    );
    await act(async () => buttonNamed(document.body, 'Join application')?.click());
    expect(textOf()).toContain('Add what is missing, then join.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('joins with the chosen documents', async () => {
    const calls = stub();
    const { onJoined } = await open();
    await waitFor(() => expect(textOf()).toContain('Nothing is missing: you can join.'));
    const box = [...document.querySelectorAll('label')]
      .find((label) => label.textContent?.includes('gus-stub.pdf'))
      ?.querySelector('input') as HTMLInputElement;
    expect(box.checked).toBe(true);
    await act(async () => buttonNamed(document.body, 'Join application')?.click());
    await waitFor(() => expect(onJoined).toHaveBeenCalledTimes(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/applications/${APPLICATION}/join`);
    expect(post?.body).toEqual({ token: TOKEN, documentIds: [STUB.id] });
    expect(onJoined.mock.calls[0]?.[0]).toMatchObject({ viewer: 'member' });
  });

  it("shows the server's refusal to join beside the button", async () => {
    stub({
      join: {
        status: 400,
        body: {
          error: { code: 'VALIDATION_ERROR', message: 'Your application is missing: pay stub.' },
        },
      },
    });
    const { onJoined } = await open();
    await waitFor(() => expect(textOf()).toContain('Nothing is missing: you can join.'));
    await act(async () => buttonNamed(document.body, 'Join application')?.click());
    await waitFor(() =>
      expect(textOf(document.querySelector('[role="alert"]'))).toContain(
        'Your application is missing: pay stub.',
      ),
    );
    expect(onJoined).not.toHaveBeenCalled();
  });
});
