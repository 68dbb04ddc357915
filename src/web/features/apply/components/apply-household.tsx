import { useEffect, useId, useRef, useState } from 'react';
import { HOUSEHOLD_LIMITS } from '../../../../shared/households.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';

/*
 * "Apply with others" (issue 29): up to five roommates (co-applicants) and one guarantor, by
 * email. Each gets a link to join; the landlord sees the application once everyone has.
 */

export type HouseholdDraft = { coApplicants: string[]; guarantor: string };

export const NO_HOUSEHOLD: HouseholdDraft = { coApplicants: [], guarantor: '' };

/** The draft as `POST /api/listings/{id}/applications` takes it: blanks left out. */
export function householdInput(draft: HouseholdDraft) {
  const coApplicants = draft.coApplicants.map((email) => email.trim()).filter(Boolean);
  const guarantor = draft.guarantor.trim();
  return {
    ...(coApplicants.length > 0 ? { coApplicants } : {}),
    ...(guarantor ? { guarantor } : {}),
  };
}

/** The id of a household field, by the schema's issue path (`coApplicants.1`, `guarantor`). */
export const householdFieldId = (formId: string, path: string) =>
  `${formId}-household-${path.replaceAll('.', '-')}`;

export function ApplyHousehold({
  formId,
  draft,
  errors,
  onChange,
}: {
  formId: string;
  draft: HouseholdDraft;
  /** Messages by issue path: `coApplicants`, `coApplicants.0`, `guarantor`. */
  errors: Record<string, string>;
  onChange: (draft: HouseholdDraft) => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(
    draft.coApplicants.length > 0 || draft.guarantor !== '' || Object.keys(errors).length > 0,
  );
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length > 0) setOpen(true);
  }, [errors]);
  // A row added takes focus; a row removed gives it to "Add a roommate".
  useEffect(() => {
    if (focusRow === null) return;
    const field = document.getElementById(householdFieldId(formId, `coApplicants.${focusRow}`));
    (field ?? addRef.current)?.focus();
    setFocusRow(null);
  }, [focusRow, formId]);

  const setRow = (index: number, email: string) =>
    onChange({
      ...draft,
      coApplicants: draft.coApplicants.map((e, i) => (i === index ? email : e)),
    });
  const full = draft.coApplicants.length >= HOUSEHOLD_LIMITS.coApplicants;

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Apply with others: hide' : 'Apply with others'}
      </Button>
      <fieldset
        id={panelId}
        hidden={!open}
        className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 p-3"
      >
        <legend className="px-1 font-semibold text-stone-900">Apply with others</legend>
        <p className="text-sm text-stone-700">
          Invite up to {HOUSEHOLD_LIMITS.coApplicants} roommates and one guarantor. Each gets a link
          by mail to join with their own profile and documents. The landlord sees the application
          once everyone has joined. Applying on Stoop is free for everyone in the household.
        </p>
        {errors.coApplicants ? (
          <p className="text-sm font-medium text-red-700">{errors.coApplicants}</p>
        ) : null}
        {draft.coApplicants.map((email, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended or removed
            key={index}
            className="flex items-end gap-2"
          >
            <TextField
              id={householdFieldId(formId, `coApplicants.${index}`)}
              className="min-w-0 flex-1"
              type="email"
              autoComplete="off"
              label={`Roommate ${index + 1}'s email`}
              value={email}
              error={errors[`coApplicants.${index}`]}
              onChange={(event) => setRow(index, event.target.value)}
            />
            <Button
              variant="ghost"
              size="sm"
              className={errors[`coApplicants.${index}`] ? 'mb-7' : 'mb-1'}
              onClick={() => {
                onChange({
                  ...draft,
                  coApplicants: draft.coApplicants.filter((_, i) => i !== index),
                });
                setFocusRow(-1);
              }}
            >
              Remove <span className="sr-only">roommate {index + 1}</span>
            </Button>
          </div>
        ))}
        {full ? null : (
          <Button
            ref={addRef}
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => {
              onChange({ ...draft, coApplicants: [...draft.coApplicants, ''] });
              setFocusRow(draft.coApplicants.length);
            }}
          >
            Add a roommate
          </Button>
        )}
        <TextField
          id={householdFieldId(formId, 'guarantor')}
          type="email"
          autoComplete="off"
          label="Guarantor's email (optional)"
          value={draft.guarantor}
          error={errors.guarantor}
          onChange={(event) => onChange({ ...draft, guarantor: event.target.value })}
        />
      </fieldset>
    </div>
  );
}
