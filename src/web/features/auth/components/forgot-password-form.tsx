import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { forgotPasswordResolver } from './lazy-form-resolvers.ts';

/** Validation (zod) loads when the visitor first focuses the form, not with the page. */
const preloadForgotPasswordResolver = () => void forgotPasswordResolver.preload();

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
    <form
      onFocus={preloadForgotPasswordResolver}
      onSubmit={handleSubmit((values) => request.mutate(values))}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Reset your password"
    >
      {request.isError ? <Alert>{errorMessage(request.error)}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" pending={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
