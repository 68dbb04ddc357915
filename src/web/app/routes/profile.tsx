import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { DeleteAccountSection } from '../../features/auth/components/delete-account-section.tsx';
import { ProfileForm } from '../../features/auth/components/profile-form.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

const ROLE_LABEL = { renter: 'Renter', landlord: 'Landlord', admin: 'Admin' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={id} className="mb-6 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /profile and /auth/profile: view and edit name, change password (a landlord has /landlord/profile). */
export function Component() {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  if (!user) return null;
  const onDeleted = () => {
    toast.success('Your account has been deleted.');
    navigate('/', { replace: true });
  };
  return (
    <Page title="Your profile">
      <PageHeader
        title="Your profile"
        description={
          <>
            Signed in as <span className="font-medium text-stone-900">{user.email}</span> ·{' '}
            {ROLE_LABEL[user.userType]} account
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <Section id="details-heading" title="Your details">
          <ProfileForm
            user={user}
            onSaved={() => toast.success('Your profile has been updated.')}
          />
        </Section>
        <Section id="password-heading" title="Change password">
          <ChangePasswordForm onChanged={() => toast.success('Your password has been changed.')} />
        </Section>
        <DeleteAccountSection user={user} onDeleted={onDeleted} />
      </div>
    </Page>
  );
}
