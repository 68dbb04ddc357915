import type { ReactNode } from 'react';
import type { RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import type { ProfileField } from '../../../../shared/schemas/renter-profile.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRenterDocuments } from '../api/renter-documents.ts';
import { useRenterProfile } from '../api/renter-profile.ts';
import { DocumentsSection } from './documents-section.tsx';
import { MissingPanel } from './missing-panel.tsx';
import { RenterProfileForm } from './profile-form.tsx';

/**
 * /applications/profile: the one profile a renter applies with: what it still lacks, its fields
 * (saved whole), and the documents kept beside it. `aside`: what one listing asks for, beside what
 * is missing.
 */
export function ApplicationProfilePage({
  aside,
}: {
  aside?: (state: { missing: readonly ProfileField[]; documents?: RenterDocument[] }) => ReactNode;
}) {
  const answer = useRenterProfile();
  // The same query DocumentsSection shows: `aside` sees each upload and removal.
  const documents = useRenterDocuments();
  if (answer.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 py-6 text-stone-700">
        <Spinner /> Loading your application profile…
      </p>
    );
  }
  if (answer.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>Your application profile could not be loaded. {errorMessage(answer.error)}</Alert>
        <Button variant="secondary" onClick={() => void answer.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    // What is missing comes first (on a phone, above the form); wider, it stays beside the form.
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1 lg:self-start">
        <div className="flex flex-col gap-4">
          <MissingPanel missing={answer.data.missing} />
          {aside?.({ missing: answer.data.missing, documents: documents.data })}
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <RenterProfileForm profile={answer.data.profile} />
        <DocumentsSection />
      </div>
    </div>
  );
}
