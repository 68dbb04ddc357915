import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { DeleteAccountSection } from '../../features/auth/components/delete-account-section.tsx';
import { ProfileForm } from '../../features/auth/components/profile-form.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useLandlordProfile } from '../../features/landlord-profile/api/landlord-profile.ts';
import { LandlordProfilePage } from '../../features/landlord-profile/components/landlord-profile-page.tsx';

/** /landlord/profile: the public landlord profile, then the account (name, password). */
export function Component() {
  const { user } = useAuth();
  const toast = useToast();
  // The account forms wait for the public profile above them: arriving after them, its editor
  // pushed them down (CLS 0.56 on a phone).
  const profile = useLandlordProfile();
  if (!user) return null;
  return (
    <Page title="Your profile" width="wide">
      <PageHeader
        title="Your profile"
        description="What renters see beside your listings, and your account."
      />
      {profile.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner size="lg" label="Loading your profile" />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <LandlordProfilePage />
          <div className="grid gap-6 lg:grid-cols-2">
            <SectionCard id="account-heading" title="Account">
              <ProfileForm
                user={user}
                onSaved={() => toast.success('Your account has been updated.')}
              />
            </SectionCard>
            <SectionCard id="password-heading" title="Change password">
              <ChangePasswordForm
                onChanged={() => toast.success('Your password has been changed.')}
              />
            </SectionCard>
          </div>
          <DeleteAccountSection user={user} />
        </div>
      )}
    </Page>
  );
}
