import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordField } from './auth-fields.tsx';
import { resetPasswordResolver } from './lazy-form-resolvers.ts';

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
    <Form
      label="Choose a new password"
      validation={resetPasswordResolver}
      // Awaited, not mutate's callbacks: a live event's refetch can unmount the form before they run.
      onSubmit={handleSubmit(async (values) => {
        try {
          await reset.mutateAsync(values);
          onReset();
        } catch {
          // Shown above the fields (reset.error).
        }
      })}
      error={reset.error}
    >
      <input type="hidden" {...register('token')} />
      <NewPasswordField error={errors.newPassword?.message} {...register('newPassword')} />
      <Button type="submit" size="lg" pending={reset.isPending}>
        Set new password
      </Button>
    </Form>
  );
}
