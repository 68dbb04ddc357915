import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { DocumentKind, RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useApplyTarget } from '../api/application-settings.ts';
import { documentLabel } from '../criteria.ts';
import { kindsNotUploaded } from '../missing.ts';
import { APPLY_ANCHOR } from './apply-link.ts';

/** One line of the card: what the listing asks for, and whether it is there. */
function Need({ done, label, state }: { done: boolean; label: string; state: string }) {
  return (
    <li className="flex items-start gap-2">
      <span
        aria-hidden="true"
        className={done ? 'font-semibold text-emerald-700' : 'font-semibold text-amber-700'}
      >
        {done ? '✓' : '•'}
      </span>
      <span>
        {label}: <span className={done ? 'text-emerald-800' : 'text-amber-900'}>{state}</span>
      </span>
    </li>
  );
}

/**
 * /applications/profile?listingId=…, the Apply dialog's "Complete your application profile": what
 * that listing asks for (the profile, and each document kind it requires) and what is not there
 * yet, kept current as the renter saves and uploads; then the way back to apply.
 */
export function ListingNeeds({
  listingId,
  missingFields,
  documents,
}: {
  listingId: string;
  /** How many profile fields the profile still lacks (the page lists them). */
  missingFields: number;
  /** The renter's documents, once loaded. */
  documents: readonly Pick<RenterDocument, 'kind'>[] | undefined;
}) {
  const headingId = useId();
  const target = useApplyTarget(listingId);

  let body: ReactNode;
  if (target.isPending || !documents) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
        <Spinner size="sm" /> Loading what this listing asks for…
      </p>
    );
  } else if (target.error instanceof ApiError && target.error.status === 404) {
    body = (
      <p role="status" className="text-sm text-stone-700">
        That listing is no longer on Stoop. Your profile still works for every other listing.
      </p>
    );
  } else if (target.isError) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <Alert>What this listing asks for could not be loaded. {errorMessage(target.error)}</Alert>
        <Button variant="secondary" onClick={() => void target.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { listing, settings } = target.data;
    const notUploaded = new Set<DocumentKind>(
      kindsNotUploaded(settings.requiredDocuments, documents),
    );
    const fieldsMissing = missingFields;
    const ready = fieldsMissing === 0 && notUploaded.size === 0;
    const listingHref = { pathname: paths.listing.href(listing.id), hash: `#${APPLY_ANCHOR}` };
    body = (
      <>
        <p className="text-sm text-stone-700">
          To apply to <span className="font-semibold text-stone-900">{listing.title}</span>:
        </p>
        <ul className="flex flex-col gap-1 text-sm" data-testid="listing-needs">
          <Need
            done={fieldsMissing === 0}
            label="Your profile"
            state={
              fieldsMissing === 0
                ? 'complete'
                : `${fieldsMissing} ${fieldsMissing === 1 ? 'thing' : 'things'} to add`
            }
          />
          {settings.requiredDocuments.map((kind) => (
            <Need
              key={kind}
              done={!notUploaded.has(kind)}
              label={documentLabel(kind)}
              state={notUploaded.has(kind) ? 'upload one below' : 'uploaded'}
            />
          ))}
        </ul>
        {settings.acceptingApplications ? (
          <p role="status" className="text-sm text-stone-800">
            {ready
              ? 'Everything this listing asks for is here.'
              : 'Add what is missing here; your application goes to the listing from its page.'}
          </p>
        ) : (
          <p role="status" className="text-sm text-stone-800">
            This listing is not taking applications right now.
          </p>
        )}
        <Link
          to={listingHref}
          className={buttonClass(ready && settings.acceptingApplications ? 'primary' : 'secondary')}
        >
          {ready && settings.acceptingApplications
            ? 'Apply to this listing'
            : 'Back to the listing'}
        </Link>
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5"
    >
      <h2 id={headingId} className="text-base font-semibold text-stone-900">
        For this listing
      </h2>
      {body}
    </section>
  );
}
