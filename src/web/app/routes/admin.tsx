import { Page } from '../../components/ui/page.tsx';
import { AdminConsole } from '../../features/admin/components/admin-console.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

/** /admin (admins only: `RequireRole allow="admin"` wraps it): the moderation console. */
export function Component() {
  const { user } = useAuth();
  if (user === null) return null;
  return (
    <Page title="Moderation" width="wide">
      <AdminConsole meId={user.id} />
    </Page>
  );
}
