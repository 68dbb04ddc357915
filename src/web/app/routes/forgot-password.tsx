import { Link } from 'react-router';
import { AuthPanel } from '../../components/ui/auth-panel.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

/** /forgot-password */
export function Component() {
  return (
    <AuthPanel
      title="Forgot your password?"
      description="Enter your email and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-brand-800 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthPanel>
  );
}
