import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { env } from '../../config/env.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { fetchHealth } from '../../features/health/api/get-health.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { isMobileBrowser } from '../../lib/device.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd
        className="font-mono text-sm text-stone-900"
        data-testid={`diag-${label.toLowerCase().replace(/\W+/g, '-')}`}
      >
        {children}
      </dd>
    </div>
  );
}

/** /test-page: diagnostics for operators (version, API and database health, who is signed in). */
export function Component() {
  const { user } = useAuth();
  const toast = useToast();
  const health = useQuery({
    queryKey: ['health', 'diagnostics'],
    queryFn: fetchHealth,
    staleTime: 0,
    retry: false,
  });

  let apiStatus: ReactNode = 'Checking...';
  if (health.isError)
    apiStatus = <span className="text-red-700">Error: {errorMessage(health.error)}</span>;
  else if (health.data) apiStatus = <span className="text-emerald-800">{health.data.status}</span>;

  return (
    <Page title="Test page">
      <PageHeader
        title="Test page"
        description="Diagnostics for this copy of Stoop."
        actions={
          <Button
            variant="secondary"
            onClick={() => void health.refetch()}
            pending={health.isFetching}
          >
            Check again
          </Button>
        }
      />
      <dl className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
        <Row label="App version">{env.appVersion}</Row>
        <Row label="Build">{env.mode}</Row>
        <Row label="API">{apiStatus}</Row>
        <Row label="Database">
          {health.data ? health.data.db : health.isError ? 'unreachable' : '...'}
        </Row>
        <Row label="Round trip">{health.data ? `${health.data.roundTripMs} ms` : '...'}</Row>
        <Row label="Signed in as">{user ? `${user.email} (${user.userType})` : 'Signed out'}</Row>
        <Row label="Device">{isMobileBrowser() ? 'mobile' : 'desktop'}</Row>
      </dl>
      <section aria-labelledby="toasts-heading" className="mt-10">
        <h2 id="toasts-heading" className="text-lg font-semibold text-stone-900">
          Notifications
        </h2>
        <p className="mt-1 text-stone-600">Each hides itself after five seconds.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => toast.success('This is a success message.')}>
            Show success toast
          </Button>
          <Button variant="secondary" onClick={() => toast.error('This is an error message.')}>
            Show error toast
          </Button>
          <Button variant="secondary" onClick={() => toast.info('This is an info message.')}>
            Show info toast
          </Button>
        </div>
      </section>
    </Page>
  );
}
