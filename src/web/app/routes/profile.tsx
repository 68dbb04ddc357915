import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { DeleteAccountSection } from '../../features/auth/components/delete-account-section.tsx';
import { ProfileForm } from '../../features/auth/components/profile-form.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

const ROLE_LABEL = { renter: 'Renter', landlord: 'Landlord', admin: 'Admin' } as const;

/** /profile and /auth/profile: view and edit name, change password (a landlord has /landlord/profile). */
export function Component() {
  const { user } = useAuth();
  const toast = useToast();
  if (!user) return null;
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
        <SectionCard id="details-heading" title="Your details">
          <ProfileForm
            user={user}
            onSaved={() => toast.success('Your profile has been updated.')}
          />
        </SectionCard>
        <SectionCard id="password-heading" title="Change password">
          <ChangePasswordForm onChanged={() => toast.success('Your password has been changed.')} />
        </SectionCard>
        <DeleteAccountSection user={user} />
      </div>
    </Page>
  );
}
