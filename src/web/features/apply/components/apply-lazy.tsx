import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ApplyPanelProps } from './apply-panel.tsx';

/*
 * The listing page's apply area and the owner's "Applications (N)". Only this small file is in
 * the listing page's first load: the rest (with zod, which parses the API's answers) arrives
 * right after the page, beside its first request (decision 012).
 */
const ApplyPanel = lazy(() => import('./apply-panel.tsx'));
const OwnerApplicationsLink = lazy(() => import('./owner-applications-link.tsx'));

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
      <Spinner size="sm" /> {label}
    </p>
  );
}

export function ApplyLazy(props: ApplyPanelProps) {
  return (
    <Suspense fallback={<Loading label="Loading how to apply…" />}>
      <ApplyPanel {...props} />
    </Suspense>
  );
}

export function OwnerApplicationsLazy({ listingId }: { listingId: string }) {
  return (
    <Suspense fallback={<Loading label="Loading applications…" />}>
      <OwnerApplicationsLink listingId={listingId} />
    </Suspense>
  );
}
