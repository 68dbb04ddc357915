import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useApplicationAction } from '../api/application-actions.ts';
import {
  DECLINE_REASON_LABEL,
  dateText,
  isOpen,
  latestRequest,
  memberStatusText,
  RENTER_STATUS_TEXT,
} from '../words.ts';
import { ApplicationTimeline } from './application-timeline.tsx';
import { ConfirmAction } from './confirm-action.tsx';
import { HouseholdSection } from './household-section.tsx';
import { OfferTerms } from './offer-terms.tsx';
import { RespondForm } from './respond-form.tsx';
import { SignedOffer, SignOfferDialog } from './sign-offer-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

function Subheading({ children }: { children: string }) {
  return (
    <h3 className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">
      {children}
    </h3>
  );
}

/**
 * The offer, and while it stands, the primary's Accept (a signature, issue 29) and Reject; once
 * signed, who signed and the PDF, for everyone on the application.
 */
function OfferPart({ application, onDone }: { application: Application; onDone: () => void }) {
  const reject = useApplicationAction(application.id, 'reject-offer');
  const [signing, setSigning] = useState(false);
  if (!application.offer) return null;
  const primary = application.viewer === 'applicant';
  return (
    <section className="rounded-xl border border-emerald-200 bg-emerald-50/40 p-4">
      <Subheading>The offer</Subheading>
      <OfferTerms offer={application.offer} />
      {application.signedOffer ? (
        <div className="mt-4">
          <SignedOffer application={application} />
        </div>
      ) : null}
      {application.status === 'offered' && primary ? (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => setSigning(true)}>Accept offer</Button>
          <ConfirmAction
            label="Reject offer"
            title="Reject this offer?"
            confirmLabel="Reject offer"
            tone="danger"
            run={() => reject.mutateAsync(undefined)}
            done="You rejected the offer."
            onDone={onDone}
          >
            <p>
              The landlord is told and this application ends. Your profile stays ready for the next
              one.
            </p>
          </ConfirmAction>
        </div>
      ) : null}
      {signing ? (
        <SignOfferDialog
          application={application}
          onClose={() => setSigning(false)}
          onDone={() => {
            setSigning(false);
            onDone();
          }}
        />
      ) : null}
    </section>
  );
}

/** One of the renter's applications: its listing, status in words, what to do now, its timeline. */
export function RenterApplicationCard({ application }: { application: Application }) {
  const headingId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const withdraw = useApplicationAction(application.id, 'withdraw');
  // After an action the card changes under the button: focus goes to the new status.
  const focusStatus = () => requestAnimationFrame(() => statusRef.current?.focus());
  const request = application.status === 'info_requested' ? latestRequest(application) : null;
  // A co-applicant or guarantor follows the application; its moves are the primary's.
  const primary = application.viewer === 'applicant';
  return (
    <article
      aria-labelledby={headingId}
      data-testid="renter-application"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words text-stone-900">
            <Link to={paths.listing.href(application.listing.id)} className="hover:underline">
              {application.listing.title}
            </Link>
          </h2>
          <p className="text-sm text-stone-600">
            Sent <time dateTime={application.submittedAt}>{dateText(application.submittedAt)}</time>
          </p>
        </div>
        <StatusBadge status={application.status} />
      </header>

      <div>
        <p ref={statusRef} tabIndex={-1} className="font-medium text-stone-900 focus:outline-none">
          {primary
            ? RENTER_STATUS_TEXT[application.status]
            : memberStatusText(application.status, application.applicant.name)}
        </p>
        {application.status === 'declined' && application.decline ? (
          <p className="mt-1 text-sm text-stone-700">
            Reason: {DECLINE_REASON_LABEL[application.decline.reason]}.
            {application.decline.note ? (
              <span className="mt-1 block break-words whitespace-pre-line">
                “{application.decline.note}”
              </span>
            ) : null}
          </p>
        ) : null}
      </div>

      {application.status === 'info_requested' && primary ? (
        <section className="rounded-xl border border-amber-200 bg-amber-50/50 p-4">
          <Subheading>The landlord asks</Subheading>
          {request ? (
            <blockquote className="mb-4 break-words whitespace-pre-line text-stone-900">
              {request}
            </blockquote>
          ) : null}
          <RespondForm application={application} onDone={focusStatus} />
        </section>
      ) : null}

      <OfferPart application={application} onDone={focusStatus} />

      <HouseholdSection application={application} />

      {primary && application.documents.length > 0 ? (
        <p className="text-sm break-words text-stone-700">
          Documents sent:{' '}
          {application.documents
            .map((document) => (document.removed ? `${document.name} (deleted)` : document.name))
            .join(', ')}
        </p>
      ) : null}

      <section>
        <Subheading>Timeline</Subheading>
        <ApplicationTimeline application={application} side={primary ? 'renter' : 'member'} />
      </section>

      {primary && isOpen(application.status) ? (
        <div>
          <ConfirmAction
            label="Withdraw application"
            variant="ghost"
            title="Withdraw this application?"
            confirmLabel="Withdraw application"
            tone="danger"
            run={() => withdraw.mutateAsync(undefined)}
            done="Your application was withdrawn."
            onDone={focusStatus}
          >
            <p>
              The landlord is told and can no longer act on it. Your profile and documents stay
              yours, and you can apply again later.
            </p>
          </ConfirmAction>
        </div>
      ) : null}
    </article>
  );
}
