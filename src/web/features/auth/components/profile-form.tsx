import { useForm } from 'react-hook-form';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { profileResolver } from './lazy-form-resolvers.ts';

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
    <Form
      label="Your details"
      validation={profileResolver}
      // Awaited, not mutate's callbacks: a live event's refetch can unmount the form before they run.
      onSubmit={handleSubmit(async (values) => {
        try {
          const saved = await update.mutateAsync(values);
          reset({ name: saved.name });
          onSaved();
        } catch {
          // Shown above the fields (update.error).
        }
      })}
      error={update.error}
    >
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
    </Form>
  );
}
