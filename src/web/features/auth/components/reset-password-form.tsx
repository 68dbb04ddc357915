import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { resetPasswordResolver } from './lazy-form-resolvers.ts';

/** Validation (zod) loads when the visitor first focuses the form, not with the page. */
const preloadResetPasswordResolver = () => void resetPasswordResolver.preload();

type ResetPasswordFormProps = {
  token: string;
  onReset: () => void;
};

export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: resetPasswordResolver.resolver,
    defaultValues: { token, newPassword: '' },
  });

  return (
    <form
      onFocus={preloadResetPasswordResolver}
      onSubmit={handleSubmit((values) => reset.mutate(values, { onSuccess: onReset }))}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Choose a new password"
    >
      {reset.isError ? <Alert>{errorMessage(reset.error)}</Alert> : null}
      <input type="hidden" {...register('token')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Button type="submit" size="lg" pending={reset.isPending}>
        Set new password
      </Button>
    </form>
  );
}
