import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Application, ApplicationStatus } from '../../../../shared/schemas/applications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useApplication } from '../api/get-application.ts';
import { dateText, isOpen } from '../words.ts';
import { ApplicationTimeline } from './application-timeline.tsx';
import { DeclineDialog, RequestInfoDialog } from './landlord-dialogs.tsx';
import { IncomeLines, LandlordHousehold } from './landlord-household.tsx';
import { OfferDialog } from './offer-dialog.tsx';
import { OfferTerms } from './offer-terms.tsx';
import { ProfileSnapshot } from './profile-snapshot.tsx';
import { SentDocuments } from './sent-documents.tsx';
import { SignedOffer } from './sign-offer-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Documents stay readable this long after the application closes (decision 054). */
const ACCESS_DAYS = 30;

/** What the landlord may do now, or why nothing. */
const NEXT: Record<ApplicationStatus, string> = {
  awaiting_household:
    'Someone the applicant invited has not joined yet. You can act once the household is complete.',
  submitted: 'Ask for more, make an offer, or decline.',
  info_requested: 'Waiting for the applicant to answer. You can still make an offer or decline.',
  offered: 'Waiting for the applicant to accept or reject your offer.',
  accepted: 'The applicant accepted your offer. The listing is rented.',
  offer_rejected: 'The applicant rejected your offer.',
  declined: 'You declined this application.',
  withdrawn: 'The applicant withdrew this application.',
  closed: 'Closed when the apartment was rented to another applicant.',
};

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Dialog = 'info' | 'offer' | 'decline' | null;

/** The moves open to the landlord in this status, each through its dialog. */
function Actions({ application, onDone }: { application: Application; onDone: () => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const early = application.status === 'submitted' || application.status === 'info_requested';
  // Waiting for the household: nothing to decide until everyone has joined.
  const decidable = isOpen(application.status) && application.status !== 'awaiting_household';
  const props = { application, onClose: () => setDialog(null), onDone };
  return (
    <div className="flex flex-col gap-3">
      {decidable ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {early ? (
            <>
              <Button onClick={() => setDialog('offer')}>Make offer</Button>
              <Button variant="secondary" onClick={() => setDialog('info')}>
                Request info
              </Button>
            </>
          ) : null}
          <Button variant="ghost" onClick={() => setDialog('decline')}>
            Decline
          </Button>
        </div>
      ) : null}
      {dialog === 'info' ? <RequestInfoDialog {...props} /> : null}
      {dialog === 'offer' ? <OfferDialog {...props} /> : null}
      {dialog === 'decline' ? <DeclineDialog {...props} /> : null}
    </div>
  );
}

function accessText(application: Application): string {
  if (!application.closedAt) {
    return `You can open these while the application is open and for ${ACCESS_DAYS} days after it closes.`;
  }
  const until = new Date(Date.parse(application.closedAt) + ACCESS_DAYS * 86_400_000);
  return `You can open these until ${dateText(until.toISOString())}, ${ACCESS_DAYS} days after the application closed.`;
}

function Loaded({ application }: { application: Application }) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusStatus = () => requestAnimationFrame(() => statusRef.current?.focus());
  return (
    <>
      <PageHeader
        title={application.applicant.name}
        description={
          <>
            Applied for{' '}
            <Link
              to={paths.listing.href(application.listing.id)}
              className="font-medium text-brand-800 underline"
            >
              {application.listing.title}
            </Link>{' '}
            on <time dateTime={application.submittedAt}>{dateText(application.submittedAt)}</time>.
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <Card title="Status">
            <div className="flex flex-col gap-3">
              <StatusBadge status={application.status} />
              <p
                ref={statusRef}
                tabIndex={-1}
                className="text-sm text-stone-800 focus:outline-none"
              >
                {NEXT[application.status]}
              </p>
              <IncomeLines application={application} />
              <Actions application={application} onDone={focusStatus} />
            </div>
          </Card>
          {application.offer ? (
            <Card title="Your offer">
              <OfferTerms offer={application.offer} />
              {application.signedOffer ? (
                <div className="mt-4">
                  <SignedOffer application={application} />
                </div>
              ) : null}
            </Card>
          ) : null}
          <Card title="Timeline">
            <ApplicationTimeline application={application} side="landlord" />
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <Card title="Documents">
            <p className="mb-2 text-sm text-stone-600">{accessText(application)}</p>
            <SentDocuments documents={application.documents} />
          </Card>
          {application.members.length > 0 ? (
            <Card title="Household">
              <LandlordHousehold application={application} />
            </Card>
          ) : null}
          <Card title="Application as sent">
            <ProfileSnapshot application={application} />
          </Card>
        </div>
      </div>
    </>
  );
}

/** /landlord/applications/:id: one application, its documents in the page, and the moves. */
export function LandlordApplicationDetail({ id }: { id: string }) {
  const answer = useApplication(id);
  const back = (
    <Link
      to={paths.landlordApplications.href()}
      className="mb-4 inline-block text-sm font-semibold text-brand-800 hover:underline"
    >
      ← All applications
    </Link>
  );
  if (answer.isPending) {
    return (
      <>
        {back}
        <PageHeader title="Application" />
        <p role="status" className="flex items-center gap-3 py-6 text-stone-700">
          <Spinner /> Loading the application…
        </p>
      </>
    );
  }
  if (answer.isError) {
    const missing = answer.error instanceof ApiError && answer.error.status === 404;
    return (
      <>
        {back}
        <PageHeader title={missing ? 'Application not found' : 'Application'} />
        {missing ? (
          <p className="text-stone-700">
            This application does not exist, or it is not on one of your listings.
          </p>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <Alert>The application could not be loaded. {errorMessage(answer.error)}</Alert>
            <Button variant="secondary" onClick={() => void answer.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <Loaded application={answer.data} />
    </>
  );
}
