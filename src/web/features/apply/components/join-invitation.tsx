import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { findNeighborhood } from '../../../../shared/neighborhoods.ts';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import type { Application } from '../../../../shared/schemas/applications.ts';
import type { InvitationView } from '../../../../shared/schemas/households.ts';
import type { RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import type { RenterProfileResponse } from '../../../../shared/schemas/renter-profile.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { dateFormat } from '../../../lib/date-format.ts';
import { useApplicationSettings } from '../api/application-settings.ts';
import { useApplyProfile } from '../api/apply-profile.ts';
import { isTokenShaped, useInvitation, useJoinApplication } from '../api/invitation.ts';
import { formatDay } from '../format.ts';
import { missingItems } from '../missing.ts';
import { DocumentChoice } from './apply-summary.tsx';
import { Criteria } from './criteria-list.tsx';

/*
 * The page a household invitation's link opens (issue 29): who invited whom to what, then, for a
 * signed-in renter, what the listing asks, what their profile still lacks, their documents to
 * choose and "Join application". A visitor signs in or signs up and comes back here.
 */

export const INVALID_INVITATION = 'This invitation link is invalid or has expired.';

type LinkTarget = { to: string; state?: unknown };

export type JoinInvitationProps = {
  token: string;
  /** Who is looking: a visitor, a renter (who may join), or another role (who may not). */
  viewer: 'visitor' | 'renter' | 'other';
  /** The signed-in renter's address, to say when the link went to another one. */
  email?: string | undefined;
  signIn: LinkTarget;
  signUp: LinkTarget;
  /** The application profile, with the way back to this page. */
  profile: LinkTarget;
  home: string;
  /** After joining (the toast and the way to the applications are the page's). */
  onJoined: (application: Application) => void;
};

const ROLE_WORDS = { co_applicant: 'a co-applicant', guarantor: 'the guarantor' } as const;

/** The calendar day of an instant in New York, "2026-12-04" (en-CA writes it so). */
const dayInNewYork = (iso: string) =>
  dateFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(iso));

function placeOf(invitation: InvitationView) {
  const area = invitation.listing.neighborhood
    ? findNeighborhood(invitation.listing.neighborhood)?.name
    : undefined;
  return area ? `${invitation.listing.title}, ${area}` : invitation.listing.title;
}

/** Who invited whom to what, as what, and until when. */
function Invitation({ invitation }: { invitation: InvitationView }) {
  return (
    <div className="flex flex-col gap-2 text-stone-800">
      <p className="text-lg">
        <strong className="font-semibold text-stone-900">{invitation.invitedBy}</strong> invited you
        to join their application for{' '}
        <strong className="font-semibold text-stone-900">{placeOf(invitation)}</strong> as{' '}
        {ROLE_WORDS[invitation.role]}.
      </p>
      <p className="text-sm text-stone-700">
        {invitation.role === 'guarantor'
          ? 'As the guarantor, your income backs the rent if the household cannot pay it.'
          : 'As a co-applicant, your income counts with the household toward the rent.'}{' '}
        You join with your own application profile and documents; the landlord sees them,{' '}
        {invitation.invitedBy} sees only your name. Applying on Stoop is free.
      </p>
      <p className="text-sm text-stone-600">
        Sent to {invitation.email}. The link works once, until{' '}
        <time dateTime={invitation.expiresAt}>{formatDay(dayInNewYork(invitation.expiresAt))}</time>
        .
      </p>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A signed-in renter's side: what is asked, what they lack, their documents, and Join. */
function JoinForm({
  invitation,
  token,
  settings,
  profile,
  documents,
  profileLink,
  onJoined,
}: {
  invitation: InvitationView;
  token: string;
  settings: ApplicationSettings;
  profile: RenterProfileResponse;
  documents: RenterDocument[];
  profileLink: LinkTarget;
  onJoined: (application: Application) => void;
}) {
  const join = useJoinApplication(invitation.applicationId);
  const [chosen, setChosen] = useState<string[]>(() =>
    documents.filter((d) => settings.requiredDocuments.includes(d.kind)).map((d) => d.id),
  );
  const [blocked, setBlocked] = useState(false);
  const missingRef = useRef<HTMLElement>(null);
  const missing = missingItems({
    missingFields: profile.missing,
    requiredKinds: settings.requiredDocuments,
    documents,
    chosen,
  });
  const submit = async () => {
    if (missing.length > 0) {
      setBlocked(true);
      missingRef.current?.focus();
      return;
    }
    setBlocked(false);
    try {
      onJoined(await join.mutateAsync({ token, documentIds: chosen }));
    } catch {
      // Said above the button (join.error).
    }
  };
  return (
    <form
      noValidate
      aria-label="Join the application"
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Part title="What the listing asks">
        <Criteria settings={settings} />
      </Part>
      {missing.length === 0 ? (
        <p role="status" className="text-sm text-emerald-800" data-testid="join-missing">
          Nothing is missing: you can join.
        </p>
      ) : (
        <section
          ref={missingRef}
          tabIndex={-1}
          aria-label="What's missing"
          data-testid="join-missing"
          className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <h2 className="font-semibold">What's missing</h2>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((item) => (
              <li key={item.key}>{item.text}</li>
            ))}
          </ul>
          <Link
            to={profileLink.to}
            state={profileLink.state}
            className="mt-2 inline-block font-semibold text-amber-950 underline"
          >
            Complete your application profile
          </Link>
        </section>
      )}
      <DocumentChoice
        documents={documents}
        settings={settings}
        chosen={chosen}
        onToggle={(id, on) =>
          setChosen((list) => (on ? [...list, id] : list.filter((item) => item !== id)))
        }
      />
      {blocked && missing.length > 0 ? <Alert>Add what is missing, then join.</Alert> : null}
      {join.error ? <ApiErrorAlert error={join.error} /> : null}
      <Button type="submit" className="self-start" pending={join.isPending}>
        Join application
      </Button>
    </form>
  );
}

/** The renter's profile, documents and the listing's criteria, then the form. */
function RenterJoin(props: {
  invitation: InvitationView;
  token: string;
  profileLink: LinkTarget;
  onJoined: (application: Application) => void;
}) {
  const settings = useApplicationSettings(props.invitation.listing.id);
  const { profile, documents } = useApplyProfile();
  if (settings.isPending || profile.isPending || documents.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-stone-700">
        <Spinner size="sm" /> Loading your application profile…
      </p>
    );
  }
  if (settings.isError || profile.isError || documents.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>
          What joining needs could not be loaded.{' '}
          {errorMessage(settings.error ?? profile.error ?? documents.error)}
        </Alert>
        <Button
          variant="secondary"
          onClick={() => {
            void settings.refetch();
            void profile.refetch();
            void documents.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  return (
    <JoinForm
      {...props}
      settings={settings.data}
      profile={profile.data}
      documents={documents.data}
    />
  );
}

export function JoinInvitation({
  token,
  viewer,
  email,
  signIn,
  signUp,
  profile,
  home,
  onJoined,
}: JoinInvitationProps) {
  const invitation = useInvitation(token);
  const gone =
    !isTokenShaped(token) ||
    (invitation.error instanceof ApiError && invitation.error.status === 404);
  if (gone) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="join-invalid">
        <p className="text-lg text-stone-900">{INVALID_INVITATION}</p>
        <p className="text-sm text-stone-700">
          Ask whoever invited you to send a new link from their applications.
        </p>
        <Link to={home} className={buttonClass('secondary')}>
          Go to the home page
        </Link>
      </div>
    );
  }
  if (invitation.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-stone-700">
        <Spinner size="sm" /> Loading the invitation…
      </p>
    );
  }
  if (invitation.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>The invitation could not be loaded. {errorMessage(invitation.error)}</Alert>
        <Button variant="secondary" onClick={() => void invitation.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = invitation.data;
  return (
    <div className="flex flex-col gap-6">
      <Invitation invitation={data} />
      {viewer === 'visitor' ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-stone-700">
            Sign in with your renter account, or create one, to join. You will come back here.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to={signIn.to} state={signIn.state} className={buttonClass('primary')}>
              Sign in
            </Link>
            <Link to={signUp.to} state={signUp.state} className={buttonClass('secondary')}>
              Create a renter account
            </Link>
          </div>
        </div>
      ) : viewer === 'other' ? (
        <Alert tone="info">
          Only renters can join an application. Sign in with a renter account to join.
        </Alert>
      ) : (
        <>
          {email && email.toLowerCase() !== data.email.toLowerCase() ? (
            <Alert tone="info">
              This invitation was sent to {data.email}; you are signed in as {email}. Joining adds
              this account to the application.
            </Alert>
          ) : null}
          <RenterJoin invitation={data} token={token} profileLink={profile} onJoined={onJoined} />
        </>
      )}
    </div>
  );
}
