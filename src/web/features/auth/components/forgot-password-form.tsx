import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { EmailField } from './auth-fields.tsx';
import { forgotPasswordResolver } from './lazy-form-resolvers.ts';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: forgotPasswordResolver.resolver, defaultValues: { email: '' } });

  if (request.isSuccess) {
    return (
      <Alert tone="success">
        <p className="font-semibold">Check your email.</p>
        <p className="mt-1">
          If an account exists for {getValues('email')}, we have sent a link to reset its password.
          The link works for one hour.
        </p>
      </Alert>
    );
  }

  return (
    <Form
      label="Reset your password"
      validation={forgotPasswordResolver}
      onSubmit={handleSubmit((values) => request.mutate(values))}
      error={request.error}
    >
      <EmailField error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" pending={request.isPending}>
        Send reset link
      </Button>
    </Form>
  );
}
