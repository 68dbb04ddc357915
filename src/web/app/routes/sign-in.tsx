import { useLocation } from 'react-router';
import { Redirect } from '../../components/routing/redirect.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthPanel } from '../../components/ui/auth-panel.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { rememberedPath } from '../guards/redirect-state.ts';
import { useAfterAuthPath } from '../guards/use-after-auth-path.ts';

/** /login, /signin and /auth/signin. */
export function Component() {
  const { user } = useAuth();
  const location = useLocation();
  const toast = useToast();
  const afterAuth = useAfterAuthPath();
  const remembered = rememberedPath(location.state);

  // Signed in (already, or just now): go where the visitor was headed.
  if (user) return <Redirect to={afterAuth(user)} replace />;

  return (
    <AuthPanel title="Sign in" description="Welcome back to Stoop.">
      {remembered ? (
        <Alert tone="info" className="mb-6">
          Please sign in to continue.
        </Alert>
      ) : null}
      <SignInForm
        onSignedIn={(signedIn) => {
          if (signedIn) toast.success(`Welcome back, ${signedIn.name}.`);
        }}
        signUpHref="/signup"
        linkState={location.state}
      />
    </AuthPanel>
  );
}
