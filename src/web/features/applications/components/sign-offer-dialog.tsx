import { type FormEvent, useId, useRef, useState } from 'react';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useApplicationAction } from '../api/application-actions.ts';
import { loadFormSchemas } from '../api/load-form-schemas.ts';
import { dateText } from '../words.ts';
import { OfferTerms } from './offer-terms.tsx';

/** Where the signed offer's PDF is read (the landlord and everyone on the application). */
export const signedOfferHref = (id: string) =>
  `/api/applications/${encodeURIComponent(id)}/offer.pdf`;

/**
 * Accepting is signing (issue 29): the terms and every fee (FARE Act), then the primary
 * applicant types their full legal name. A name that is not the one on the application is the
 * server's 400, said beside the field.
 */
export function SignOfferDialog({
  application,
  onClose,
  onDone,
}: {
  application: Application;
  onClose: () => void;
  onDone: () => void;
}) {
  const accept = useApplicationAction(application.id, 'accept');
  const toast = useToast();
  const [signature, setSignature] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const formId = useId();
  if (!application.offer) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = (await loadFormSchemas()).acceptInput.safeParse({ signature });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    try {
      await accept.mutateAsync(parsed.data);
    } catch (error) {
      // A refused signature (400) belongs to the field; anything else above the buttons.
      if (error instanceof ApiError && error.status === 400) {
        setFieldError(errorMessage(error));
        field.current?.focus();
      } else {
        setFailure(errorMessage(error));
      }
      return;
    }
    toast.success('You signed and accepted the offer.');
    onDone();
  };

  return (
    <ModalDialog
      title="Sign and accept the offer"
      description={application.listing.title}
      onClose={onClose}
      busy={accept.isPending}
      testId="sign-offer-dialog"
    >
      <form
        noValidate
        aria-label="Sign the offer"
        // The check's schema starts loading at the first focus (decision 012).
        onFocus={() => void loadFormSchemas()}
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <OfferTerms offer={application.offer} />
        <p className="text-sm text-stone-700">
          By typing your name you sign this offer and agree to rent{' '}
          <strong className="font-semibold">{application.listing.title}</strong> on these terms. The
          landlord is told at once and the listing is marked rented. Everyone on the application can
          download the signed offer as a PDF.
        </p>
        <TextField
          ref={field}
          id={`${formId}-signature`}
          label="Type your full legal name to sign"
          hint={
            application.profile?.legalName
              ? `As on your application: ${application.profile.legalName}.`
              : 'As it appears on your application.'
          }
          autoComplete="name"
          maxLength={120}
          value={signature}
          error={fieldError ?? undefined}
          onChange={(event) => setSignature(event.target.value)}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={accept.isPending}>
            Sign and accept
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

/** Once signed: by whom and when, and the PDF for whoever may read it. */
export function SignedOffer({ application }: { application: Application }) {
  const signed = application.signedOffer;
  if (!signed) return null;
  return (
    <div
      data-testid="signed-offer"
      // Stacked at every width: it also sits in the landlord's narrow side column.
      className="flex flex-col items-start gap-2 rounded-lg border border-emerald-200 bg-white p-3 text-sm"
    >
      <p className="text-stone-800">
        Signed by <span className="font-semibold break-words">{signed.signedBy}</span> on{' '}
        <time dateTime={signed.signedAt}>{dateText(signed.signedAt)}</time>
      </p>
      <a
        href={signedOfferHref(application.id)}
        download="signed-offer.pdf"
        className={buttonClass('secondary', 'sm')}
      >
        Download signed offer (PDF)
      </a>
    </div>
  );
}
