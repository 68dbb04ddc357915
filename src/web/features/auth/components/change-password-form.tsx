import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { changePasswordResolver } from './lazy-form-resolvers.ts';

/** Validation (zod) loads when the visitor first focuses the form, not with the page. */
const preloadChangePasswordResolver = () => void changePasswordResolver.preload();

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
    <form
      onFocus={preloadChangePasswordResolver}
      onSubmit={handleSubmit((values) =>
        change.mutate(values, {
          onSuccess: () => {
            reset();
            onChanged();
          },
        }),
      )}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Change password"
    >
      {change.isError ? <Alert>{errorMessage(change.error)}</Alert> : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 6 characters. Your other sessions will be signed out."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <div>
        <Button type="submit" pending={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
