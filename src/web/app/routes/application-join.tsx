import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { writeApplication } from '../../features/applications/api/application-cache.ts';
import { JoinInvitation } from '../../features/apply/components/join-invitation.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import type { FromState } from '../guards/redirect-state.ts';

/**
 * /applications/join/:token (public, issue 29): the link a household invitation mails. Signing
 * in or up from here comes back here; a renter joins, and lands on their applications.
 */
export function Component() {
  const { token = '' } = useParams();
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const back: FromState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  const viewer = user === null ? 'visitor' : user.userType === 'renter' ? 'renter' : 'other';
  return (
    <Page title="Join an application">
      <PageHeader title="Join an application" />
      {isLoading ? (
        <p role="status" className="flex items-center gap-2 text-stone-700">
          <Spinner size="sm" /> Loading…
        </p>
      ) : (
        <JoinInvitation
          token={token}
          viewer={viewer}
          email={user?.email}
          signIn={{ to: paths.login.href(), state: back }}
          signUp={{ to: paths.registerRenter.href(), state: back }}
          profile={{ to: paths.applicationProfile.href(undefined, location.pathname) }}
          home={paths.home.href()}
          onJoined={(application) => {
            // The applications page shows it at once, whatever it had cached.
            writeApplication(queryClient, application);
            toast.success(`You joined ${application.applicant.name}'s application.`);
            navigate(paths.applications.href());
          }}
        />
      )}
    </Page>
  );
}
