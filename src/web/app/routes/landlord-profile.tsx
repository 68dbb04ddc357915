import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { DeleteAccountSection } from '../../features/auth/components/delete-account-section.tsx';
import { ProfileForm } from '../../features/auth/components/profile-form.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import {
  LandlordProfilePage,
  ProfileSection,
} from '../../features/landlord-profile/components/landlord-profile-page.tsx';

/** /landlord/profile: the public landlord profile, then the account (name, password). */
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
    <Page title="Your profile" width="wide">
      <PageHeader
        title="Your profile"
        description="What renters see beside your listings, and your account."
      />
      <div className="flex flex-col gap-6">
        <LandlordProfilePage />
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileSection id="account-heading" title="Account">
            <ProfileForm
              user={user}
              onSaved={() => toast.success('Your account has been updated.')}
            />
          </ProfileSection>
          <ProfileSection id="password-heading" title="Change password">
            <ChangePasswordForm
              onChanged={() => toast.success('Your password has been changed.')}
            />
          </ProfileSection>
        </div>
        <DeleteAccountSection user={user} onDeleted={onDeleted} />
      </div>
    </Page>
  );
}
