import { type FormEvent, type ReactNode, useState } from 'react';
import type { RenterProfile } from '../../../../shared/schemas/renter-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { loadFormSchemas } from '../api/load-form-schemas.ts';
import { useSaveRenterProfile } from '../api/renter-profile.ts';
import {
  detailsOf,
  draftOf,
  type FieldErrors,
  fieldErrorsOf,
  fieldId,
  inputOf,
  type ProfileDraft,
} from '../draft.ts';
import {
  AboutField,
  AboutYouFields,
  HomesList,
  IncomeList,
  PetsList,
  VoucherFields,
} from './profile-sections.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Focuses the first field with an error (in the order of the page). */
function focusFirst(errors: FieldErrors) {
  const fields = Object.keys(errors)
    .map((path) => document.getElementById(fieldId(path)))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  fields[0]?.focus();
}

/**
 * The application profile's fields, saved whole (`PUT`). The shared schema checks them first;
 * a 400's `details` from the server land beside their fields the same way.
 */
export function RenterProfileForm({ profile }: { profile: RenterProfile | null }) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>(null);
  const save = useSaveRenterProfile();
  const toast = useToast();
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const props = { draft, set, errors };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    // After the errors have rendered (their fields may be new rows).
    requestAnimationFrame(() => focusFirst(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = (await loadFormSchemas()).profileInput.safeParse(inputOf(draft));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({
        path: i.path.join('.'),
        message: i.message,
      }));
      showErrors(fieldErrorsOf(issues));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
    } catch (error) {
      const details = error instanceof ApiError ? detailsOf(error.details) : [];
      const fieldErrors = fieldErrorsOf(details.filter((d) => d.path !== ''));
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      else setFormError(error);
      return;
    }
    toast.success('Profile saved.');
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form
      label="Application profile"
      error={formError}
      onSubmit={(event) => void submit(event)}
      validation={{ preload: () => loadFormSchemas().then(() => undefined) }}
      className="gap-6"
    >
      <Section id="about-you-heading" title="About you">
        <AboutYouFields {...props} />
      </Section>
      <Section id="income-heading" title="Income">
        <IncomeList {...props} />
      </Section>
      <Section id="voucher-heading" title="Voucher or program">
        <VoucherFields {...props} />
      </Section>
      <Section id="history-heading" title="Rental history">
        <HomesList {...props} />
      </Section>
      <Section id="pets-heading" title="Pets">
        <PetsList {...props} />
      </Section>
      <Section id="about-heading" title="About">
        <AboutField {...props} />
      </Section>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" pending={save.isPending}>
          Save profile
        </Button>
        {hasErrors ? (
          <p className="text-sm font-medium text-red-700" role="alert">
            Check the fields marked above.
          </p>
        ) : null}
      </div>
    </Form>
  );
}
