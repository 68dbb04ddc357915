import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { AuthSwitchLink, EmailField } from './auth-fields.tsx';
import { signInResolver } from './lazy-form-resolvers.ts';

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

  // Awaited, not mutate's callbacks: setting the user swaps the page (and this form) for a redirect.
  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await signIn.mutateAsync(values);
      onSignedIn(user);
    } catch {
      // Shown above the fields (signIn.error).
    }
  });

  return (
    <Form label="Sign in" validation={signInResolver} onSubmit={onSubmit} error={signIn.error}>
      <EmailField error={errors.email?.message} {...register('email')} />
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
      <AuthSwitchLink prompt="New to Stoop?" to={signUpHref} state={linkState}>
        Create an account
      </AuthSwitchLink>
    </Form>
  );
}
