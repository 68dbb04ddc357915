import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { hasRecoveryMarker, recoveryTarget } from '../../../shared/recovery.ts';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { fetchMe, meQueryKey } from '../../features/auth/api/get-me.ts';
import { dashboardPathFor } from '../../features/auth/use-auth.ts';

/** Only paths inside the app, never `//host` or a full URL. */
function safeNext(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * /auth/callback: finishes a round trip through the identity side. Recovery links go on to
 * /reset-password; otherwise we re-read the session and send the user on (`next`, else their
 * dashboard), or to sign in.
 */
export function Component() {
  const { search, hash } = useLocation();
  const recovery = hasRecoveryMarker(search, hash);
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMe,
    staleTime: 0,
    enabled: !recovery,
  });

  if (recovery) return <Navigate to={recoveryTarget(search, hash)} replace />;
  if (me.isPending) return <FullPageStatus message="Verifying authentication..." />;
  const user = me.data ?? null;
  if (user === null) return <Navigate to="/login" replace />;
  const next = safeNext(new URLSearchParams(search).get('next'));
  return <Navigate to={next ?? dashboardPathFor(user)} replace />;
}
