import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInResolver } from './lazy-form-resolvers.ts';

/** Validation (zod) loads when the visitor first focuses the form, not with the page. */
const preloadSignInResolver = () => void signInResolver.preload();

type SignInFormProps = {
  onSignedIn: (user: MeUser | null) => void;
  /** Where "Create an account" points (keeps the remembered destination). */
  signUpHref?: string;
  /** History state carried to the sign-up link (the remembered destination). */
  linkState?: unknown;
  defaultEmail?: string;
};

export function SignInForm({
  onSignedIn,
  signUpHref = '/signup',
  linkState,
  defaultEmail = '',
}: SignInFormProps) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: signInResolver.resolver,
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(values, { onSuccess: onSignedIn });
  });

  return (
    <form
      onFocus={preloadSignInResolver}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Sign in"
    >
      {signIn.isError ? <Alert>{errorMessage(signIn.error)}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link
          to="/forgot-password"
          className="self-end text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" pending={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        New to Stoop?{' '}
        <Link
          to={signUpHref}
          state={linkState}
          className="font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </form>
  );
}
