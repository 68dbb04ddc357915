import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthPanel } from '../../components/ui/auth-panel.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

const INVALID_LINK = 'This link is invalid or has expired.';

function readLink(search: string, hash: string): { token: string | null; failed: boolean } {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = query.get('token') ?? fragment.get('token');
  const failed = [query, fragment].some((p) => p.has('error_code') || p.has('error'));
  return { token: token && token.length > 0 ? token : null, failed };
}

/** /reset-password: the recovery link (via `/`'s redirect) lands here with its token. */
export function Component() {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { token, failed } = readLink(search, hash);

  if (failed || token === null) {
    return (
      <AuthPanel title="Reset your password">
        <Alert>{INVALID_LINK}</Alert>
        <Link to="/forgot-password" className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          Send me a new link
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title="Choose a new password"
      description="Pick a password you have not used here before."
    >
      <ResetPasswordForm
        token={token}
        onReset={() => {
          toast.success('Your password has been reset. Sign in with your new password.');
          navigate('/login', { replace: true });
        }}
      />
    </AuthPanel>
  );
}
