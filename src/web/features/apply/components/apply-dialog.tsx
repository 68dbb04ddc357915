import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplyProfile } from '../api/apply-profile.ts';
import { FREE_TO_APPLY } from '../criteria.ts';
import { STATUS_WORDS } from '../status-words.ts';
import { ApplyForm } from './apply-form.tsx';

export type ApplyDialogProps = {
  listingId: string;
  listingTitle: string;
  rentCents: number | null;
  settings: ApplicationSettings;
  onClose: () => void;
};

/** After sending: the application's status, and where to follow it. */
function Sent({ application, onClose }: { application: Application; onClose: () => void }) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  // The form that had focus is gone: the news takes it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3 text-stone-800">
      <p ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-stone-900">
        Your application was sent.
      </p>
      <p role="status" data-testid="apply-sent-status">
        Status: {STATUS_WORDS[application.status].title}
      </p>
      <p className="text-sm text-stone-700">
        {STATUS_WORDS[application.status].next} It holds your profile and documents as they are now;
        later changes to your profile do not change it. You can follow every step in your
        applications.
      </p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Link to={paths.applications.href()} className={buttonClass('primary')}>
          See your applications
        </Link>
      </DialogActions>
    </div>
  );
}

/**
 * The Apply dialog: what will be sent (the profile's summary and the documents to choose, the
 * listing's kinds chosen already), what is missing, a message and a move-in date; then the
 * application's status.
 */
export default function ApplyDialog({
  listingId,
  listingTitle,
  rentCents,
  settings,
  onClose,
}: ApplyDialogProps) {
  const { profile, documents } = useApplyProfile();
  const [sent, setSent] = useState<Application | null>(null);
  const [busy, setBusy] = useState(false);

  let body: ReactNode;
  if (sent) {
    body = <Sent application={sent} onClose={onClose} />;
  } else if (profile.isPending || documents.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 py-4 text-stone-700">
        <Spinner size="sm" /> Loading your application profile…
      </p>
    );
  } else if (profile.isError || documents.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <Alert>
          Your application profile could not be loaded.{' '}
          {errorMessage(profile.error ?? documents.error)}
        </Alert>
        <Button
          variant="secondary"
          onClick={() => {
            if (profile.isError) void profile.refetch();
            if (documents.isError) void documents.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <ApplyForm
        listingId={listingId}
        rentCents={rentCents}
        settings={settings}
        profile={profile.data}
        documents={documents.data}
        onBusy={setBusy}
        onSent={setSent}
        onCancel={onClose}
      />
    );
  }

  return (
    <ModalDialog
      title="Apply for this apartment"
      description={`${listingTitle}. ${FREE_TO_APPLY}.`}
      onClose={onClose}
      busy={busy}
      size="lg"
      testId="apply-dialog"
    >
      {body}
    </ModalDialog>
  );
}
