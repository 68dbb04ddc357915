import { type FormEvent, useState } from 'react';
import type { LandlordProfile, LandlordProfileInput } from '../../../../shared/schemas/billing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldShell, TextField, useFieldIds } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useUpdateLandlordProfile } from '../api/landlord-profile.ts';
import { loadFormSchemas } from '../api/load-form-schemas.ts';
import { LanguagesField } from './languages-field.tsx';

export type ProfileDraft = { displayName: string; phone: string; bio: string; languages: string[] };

const BIO_MAX = 1000;

export const draftOf = (profile: LandlordProfile): ProfileDraft => ({
  displayName: profile.displayName,
  phone: profile.phone ?? '',
  bio: profile.bio ?? '',
  languages: [...profile.languages],
});

type Errors = Partial<Record<keyof ProfileDraft, string>>;

/**
 * The draft checked by the shared schema: the input to send, or a message per field. The schema
 * (zod) loads when the form is first focused, or here at the latest.
 */
export async function checkDraft(
  draft: ProfileDraft,
): Promise<{ input: LandlordProfileInput | null; errors: Errors }> {
  const parsed = (await loadFormSchemas()).profileInput.safeParse(draft);
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ProfileDraft;
    errors[key] ??= issue.message;
  }
  return { input: null, errors };
}

function BioField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const hint = `${value.length} of ${BIO_MAX} characters. What you rent, where, and how you work.`;
  const { inputId, controlProps } = useFieldIds('profile-bio', { hint, error });
  return (
    <FieldShell inputId={inputId} label="Short bio" hint={hint} error={error}>
      <textarea
        {...controlProps}
        rows={4}
        maxLength={BIO_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30',
          error ? 'border-red-600' : 'border-stone-300',
        )}
      />
    </FieldShell>
  );
}

/** Name, phone, bio and languages, checked by the shared schema before they are saved. */
export function LandlordProfileForm({
  draft,
  onDraftChange,
}: {
  draft: ProfileDraft;
  onDraftChange: (draft: ProfileDraft) => void;
}) {
  const save = useUpdateLandlordProfile();
  const toast = useToast();
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) =>
    onDraftChange({ ...draft, [key]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await checkDraft(draft);
    setErrors(checked.errors);
    if (!checked.input) {
      const first = (['displayName', 'phone', 'bio'] as const).find((k) => checked.errors[k]);
      if (first)
        document.getElementById(`profile-${first === 'displayName' ? 'name' : first}`)?.focus();
      return;
    }
    // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
    try {
      await save.mutateAsync(checked.input);
      toast.success('Your public profile has been saved.');
    } catch {
      // Shown by the form (the mutation's error).
    }
  };

  return (
    <Form
      label="Public profile"
      error={save.error}
      onSubmit={(event) => void submit(event)}
      validation={{ preload: () => loadFormSchemas().then(() => undefined) }}
    >
      <TextField
        id="profile-name"
        label="Name renters see"
        hint="Your name or your company's, up to 80 characters."
        maxLength={80}
        autoComplete="organization"
        value={draft.displayName}
        onChange={(event) => set('displayName', event.target.value)}
        error={errors.displayName}
      />
      <TextField
        id="profile-phone"
        label="Contact phone (optional)"
        hint="For your account; renters reach you through Stoop messages."
        type="tel"
        autoComplete="tel"
        maxLength={32}
        value={draft.phone}
        onChange={(event) => set('phone', event.target.value)}
        error={errors.phone}
      />
      <BioField value={draft.bio} onChange={(bio) => set('bio', bio)} error={errors.bio} />
      <LanguagesField
        value={draft.languages}
        onChange={(languages) => set('languages', languages)}
        error={errors.languages}
      />
      <Button type="submit" pending={save.isPending} className="self-start">
        Save profile
      </Button>
    </Form>
  );
}
