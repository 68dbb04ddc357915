import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { readResetLink } from '../../../shared/recovery.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthPanel } from '../../components/ui/auth-panel.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

const INVALID_LINK = 'This link is invalid or has expired.';

/** /reset-password: the recovery link (via `/`'s redirect) lands here with its token. */
export function Component() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  // Read once: the token then leaves the address bar (and the history entry).
  const [{ token, failed }] = useState(() => readResetLink(search, hash));
  const tokenInAddress = new URLSearchParams(hash.replace(/^#/, '')).has('token');
  useEffect(() => {
    if (tokenInAddress) navigate({ pathname, search }, { replace: true });
  }, [tokenInAddress, navigate, pathname, search]);

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
