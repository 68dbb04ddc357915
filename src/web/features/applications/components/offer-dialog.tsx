import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApplicationAction } from '../api/application-actions.ts';
import { loadFormSchemas } from '../api/load-form-schemas.ts';
import {
  detailsOf,
  type FeeDraft,
  type FieldErrors,
  fieldErrorsOf,
  type OfferDraft,
  offerDraftOf,
  offerFieldId,
  offerOf,
} from '../offer-draft.ts';

const MAX_FEES = 20;

/** Focuses the first field with an error (in the order of the form). */
function focusFirst(errors: FieldErrors) {
  const fields = Object.keys(errors)
    .map((path) => document.getElementById(offerFieldId(path)))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  fields[0]?.focus();
}

/** The fees the renter pays, one row each: added and removed; none is fine. */
function FeeRows({
  fees,
  errors,
  onChange,
}: {
  fees: FeeDraft[];
  errors: FieldErrors;
  onChange: (fees: FeeDraft[]) => void;
}) {
  const add = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') add.current?.focus();
    else document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus]);
  const set = (index: number, fee: FeeDraft) =>
    onChange(fees.map((f, i) => (i === index ? fee : f)));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-medium text-stone-800">Fees</legend>
      <p className="text-sm text-stone-600">
        List every fee the renter pays, each on its own row (New York's FARE Act). None is fine.
      </p>
      {fees.map((fee, index) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended or removed
          key={index}
          className="min-w-0 rounded-xl border border-stone-200 p-3"
        >
          <legend className="px-1 text-sm font-semibold text-stone-800">Fee {index + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
            <TextField
              id={offerFieldId(`fees.${index}.name`)}
              label="What it is for"
              value={fee.name}
              error={errors[`fees.${index}.name`]}
              maxLength={100}
              onChange={(event) => set(index, { ...fee, name: event.target.value })}
            />
            <TextField
              id={offerFieldId(`fees.${index}.amountCents`)}
              label="Amount ($)"
              inputMode="decimal"
              value={fee.amount}
              error={errors[`fees.${index}.amountCents`]}
              onChange={(event) => set(index, { ...fee, amount: event.target.value })}
            />
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="mt-2"
            onClick={() => {
              onChange(fees.filter((_, i) => i !== index));
              setFocus('add');
            }}
          >
            Remove <span className="sr-only">fee {index + 1}</span>
          </Button>
        </fieldset>
      ))}
      <Button
        ref={add}
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={fees.length >= MAX_FEES}
        onClick={() => {
          onChange([...fees, { name: '', amount: '' }]);
          setFocus(offerFieldId(`fees.${fees.length}.name`));
        }}
      >
        Add a fee
      </Button>
    </fieldset>
  );
}

/**
 * The landlord's offer: rent, a deposit of at most one month's rent (General Obligations Law
 * section 7-108, the shared schema's rule and message), the lease, and every fee itemized.
 */
export function OfferDialog({
  application,
  onClose,
  onDone,
}: {
  application: Application;
  onClose: () => void;
  onDone: () => void;
}) {
  const offer = useApplicationAction(application.id, 'offer');
  const toast = useToast();
  const [draft, setDraft] = useState<OfferDraft>(() => offerDraftOf(application));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>(null);
  const set = <K extends keyof OfferDraft>(key: K, value: OfferDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    requestAnimationFrame(() => focusFirst(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = (await loadFormSchemas()).offerInput.safeParse(offerOf(draft));
    if (!parsed.success) {
      showErrors(
        fieldErrorsOf(
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        ),
      );
      return;
    }
    setErrors({});
    try {
      await offer.mutateAsync(parsed.data);
    } catch (error) {
      const details = error instanceof ApiError ? detailsOf(error.details) : [];
      const fieldErrors = fieldErrorsOf(details.filter((d) => d.path !== ''));
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      else setFormError(error);
      return;
    }
    toast.success(`Your offer was sent to ${application.applicant.name}.`);
    onClose();
    onDone();
  };

  return (
    <ModalDialog
      title="Make an offer"
      description={`To ${application.applicant.name}, for ${application.listing.title}. They see these terms and every fee, and accept or reject them.`}
      onClose={onClose}
      busy={offer.isPending}
      size="lg"
    >
      <Form
        label="Offer"
        error={formError}
        onSubmit={(event) => void submit(event)}
        validation={{ preload: () => loadFormSchemas().then(() => undefined) }}
        className="gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={offerFieldId('rentCents')}
            label="Rent a month ($)"
            inputMode="decimal"
            value={draft.rent}
            error={errors.rentCents}
            onChange={(event) => set('rent', event.target.value)}
          />
          <TextField
            id={offerFieldId('depositCents')}
            label="Security deposit ($)"
            inputMode="decimal"
            hint="At most one month's rent."
            value={draft.deposit}
            error={errors.depositCents}
            onChange={(event) => set('deposit', event.target.value)}
          />
          <TextField
            id={offerFieldId('leaseStart')}
            label="Lease start"
            type="date"
            value={draft.leaseStart}
            error={errors.leaseStart}
            onChange={(event) => set('leaseStart', event.target.value)}
          />
          <TextField
            id={offerFieldId('leaseMonths')}
            label="Lease length (months)"
            inputMode="numeric"
            value={draft.leaseMonths}
            error={errors.leaseMonths}
            onChange={(event) => set('leaseMonths', event.target.value)}
          />
        </div>
        <FeeRows fees={draft.fees} errors={errors} onChange={(fees) => set('fees', fees)} />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={offer.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={offer.isPending}>
            Send offer
          </Button>
        </DialogActions>
      </Form>
    </ModalDialog>
  );
}
