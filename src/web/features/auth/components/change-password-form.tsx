import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordField } from './auth-fields.tsx';
import { changePasswordResolver } from './lazy-form-resolvers.ts';

export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: changePasswordResolver.resolver,
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  return (
    <Form
      label="Change password"
      validation={changePasswordResolver}
      // Awaited, not mutate's callbacks: a live event's refetch can unmount the form before they run.
      onSubmit={handleSubmit(async (values) => {
        try {
          await change.mutateAsync(values);
          reset();
          onChanged();
        } catch {
          // Shown above the fields (change.error).
        }
      })}
      error={change.error}
    >
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordField
        hint="At least 6 characters. Your other sessions will be signed out."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <div>
        <Button type="submit" pending={change.isPending}>
          Change password
        </Button>
      </div>
    </Form>
  );
}
