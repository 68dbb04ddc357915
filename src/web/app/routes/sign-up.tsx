import { useLocation } from 'react-router';
import { Redirect } from '../../components/routing/redirect.tsx';
import { AuthPanel } from '../../components/ui/auth-panel.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { SignUpForm, type SignUpRole } from '../../features/auth/components/sign-up-form.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useAfterAuthPath } from '../guards/use-after-auth-path.ts';

const COPY: Record<'any' | SignUpRole, { title: string; description: string }> = {
  any: {
    title: 'Create your account',
    description: 'Rent without broker fees, or list your apartments for free.',
  },
  renter: {
    title: 'Sign up as a renter',
    description: 'Save listings, message landlords directly and book tours. No broker fees.',
  },
  landlord: {
    title: 'Sign up as a landlord',
    description: 'List your apartments for free and talk to renters directly.',
  },
};

/** The sign-up page: /signup and /auth/signup ask for the role; /register/<role> fixes it. */
export function SignUpPage({ userType: role }: { userType?: SignUpRole }) {
  const { user } = useAuth();
  const location = useLocation();
  const toast = useToast();
  const afterAuth = useAfterAuthPath();

  if (user) return <Redirect to={afterAuth(user)} replace />;

  const copy = COPY[role ?? 'any'];
  return (
    <AuthPanel title={copy.title} description={copy.description} wide={!role}>
      <SignUpForm
        userType={role}
        onSignedUp={(created) => {
          if (created) toast.success(`Welcome to Stoop, ${created.name}!`);
        }}
        signInHref="/login"
        linkState={location.state}
      />
    </AuthPanel>
  );
}

/** /signup and /auth/signup. */
export function Component() {
  return <SignUpPage />;
}
