import { useForm } from 'react-hook-form';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { profileResolver } from './lazy-form-resolvers.ts';

/** Validation (zod) loads when the visitor first focuses the form, not with the page. */
const preloadProfileResolver = () => void profileResolver.preload();

type ProfileFormProps = { user: MeUser; onSaved: () => void };

export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: profileResolver.resolver, defaultValues: { name: user.name } });

  return (
    <form
      onFocus={preloadProfileResolver}
      onSubmit={handleSubmit((values) =>
        update.mutate(values, {
          onSuccess: (saved) => {
            reset({ name: saved.name });
            onSaved();
          },
        }),
      )}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Your details"
    >
      {update.isError ? <Alert>{errorMessage(update.error)}</Alert> : null}
      <TextField label="Email" type="email" value={user.email} readOnly disabled />
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <div>
        <Button type="submit" pending={update.isPending} disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
