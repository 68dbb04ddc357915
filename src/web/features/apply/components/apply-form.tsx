import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { APPLICATION_LIMITS } from '../../../../shared/applications.ts';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import { type Application, ApplyInputSchema } from '../../../../shared/schemas/applications.ts';
import type { RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import type { RenterProfileResponse } from '../../../../shared/schemas/renter-profile.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldShell, TextField, useFieldIds } from '../../../components/ui/field.tsx';
import { DialogActions } from '../../../components/ui/modal-dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { newIdempotencyKey, useApplyToListing } from '../api/apply-to-listing.ts';
import { formatDay } from '../format.ts';
import { missingItems } from '../missing.ts';
import {
  ApplyHousehold,
  type HouseholdDraft,
  householdFieldId,
  householdInput,
  NO_HOUSEHOLD,
} from './apply-household.tsx';
import { DocumentChoice, MissingList, ProfileSummary } from './apply-summary.tsx';

type ApplyFormProps = {
  listingId: string;
  rentCents: number | null;
  settings: ApplicationSettings;
  profile: RenterProfileResponse;
  documents: RenterDocument[];
  /** While sending: the dialog cannot be closed. */
  onBusy: (busy: boolean) => void;
  onSent: (application: Application) => void;
  onCancel: () => void;
};

type FieldErrors = { message?: string; moveInDate?: string };

/** The application's own choices: documents, a message, a move-in date; then Send. */
export function ApplyForm({
  listingId,
  rentCents,
  settings,
  profile,
  documents,
  onBusy,
  onSent,
  onCancel,
}: ApplyFormProps) {
  const apply = useApplyToListing(listingId);
  // One key for this dialog: a retry after a lost answer is the same application.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [chosen, setChosen] = useState<string[]>(() =>
    documents.filter((d) => settings.requiredDocuments.includes(d.kind)).map((d) => d.id),
  );
  const [message, setMessage] = useState('');
  const [moveInDate, setMoveInDate] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [household, setHousehold] = useState<HouseholdDraft>(NO_HOUSEHOLD);
  const [householdErrors, setHouseholdErrors] = useState<Record<string, string>>({});
  const [blocked, setBlocked] = useState(false);
  const missingRef = useRef<HTMLElement>(null);
  const formId = useId();
  const missing = missingItems({
    missingFields: profile.missing,
    requiredKinds: settings.requiredDocuments,
    documents,
    chosen,
  });

  useEffect(() => onBusy(apply.isPending), [apply.isPending, onBusy]);

  const toggle = (id: string, on: boolean) =>
    setChosen((list) => (on ? [...list, id] : list.filter((item) => item !== id)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0) {
      setBlocked(true);
      missingRef.current?.focus();
      return;
    }
    setBlocked(false);
    const trimmed = message.trim();
    const parsed = ApplyInputSchema.safeParse({
      documentIds: chosen,
      idempotencyKey,
      ...(trimmed ? { message: trimmed } : {}),
      ...(moveInDate ? { moveInDate } : {}),
      ...householdInput(household),
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      const nextHousehold: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'message' || field === 'moveInDate') next[field] ??= issue.message;
        if (field === 'coApplicants' || field === 'guarantor') {
          nextHousehold[issue.path.join('.')] ??= issue.message;
        }
      }
      setErrors(next);
      setHouseholdErrors(nextHousehold);
      if (next.message || next.moveInDate) {
        document.getElementById(`${formId}-${next.message ? 'message' : 'moveInDate'}`)?.focus();
      } else {
        const path = Object.keys(nextHousehold)[0] ?? 'guarantor';
        // After the panel has opened to show its errors.
        requestAnimationFrame(() =>
          document.getElementById(householdFieldId(formId, path))?.focus(),
        );
      }
      return;
    }
    setErrors({});
    setHouseholdErrors({});
    try {
      onSent(await apply.mutateAsync(parsed.data));
    } catch {
      // Shown above the buttons (apply.error): what is missing, or the open application there.
    }
  };

  const messageHint = `Optional. ${message.length} of ${APPLICATION_LIMITS.message} characters.`;
  const { inputId: messageId, controlProps: messageProps } = useFieldIds(`${formId}-message`, {
    hint: messageHint,
    error: errors.message,
  });
  const profileMoveIn = profile.profile?.moveInDate;

  return (
    <form
      noValidate
      aria-label="Your application"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5"
    >
      <ProfileSummary
        profile={profile.profile}
        rentCents={rentCents}
        moveInDate={moveInDate}
        settings={settings}
      />
      <DocumentChoice documents={documents} settings={settings} chosen={chosen} onToggle={toggle} />
      <MissingList ref={missingRef} items={missing} listingId={listingId} />
      <FieldShell
        inputId={messageId}
        label="Message to the landlord"
        hint={messageHint}
        error={errors.message}
      >
        <textarea
          {...messageProps}
          rows={3}
          maxLength={APPLICATION_LIMITS.message}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30',
            errors.message ? 'border-red-600' : 'border-stone-300',
          )}
        />
      </FieldShell>
      <TextField
        id={`${formId}-moveInDate`}
        type="date"
        label="Move-in date for this apartment"
        hint={
          profileMoveIn
            ? `Optional. Left blank, your profile's ${formatDay(profileMoveIn)} is sent.`
            : 'Optional.'
        }
        error={errors.moveInDate}
        value={moveInDate}
        onChange={(event) => setMoveInDate(event.target.value)}
      />
      <ApplyHousehold
        formId={formId}
        draft={household}
        errors={householdErrors}
        onChange={setHousehold}
      />
      {blocked && missing.length > 0 ? (
        <Alert>Add what is missing, then send your application.</Alert>
      ) : null}
      {apply.error ? <ApiErrorAlert error={apply.error} /> : null}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={apply.isPending}>
          Send application
        </Button>
      </DialogActions>
    </form>
  );
}
