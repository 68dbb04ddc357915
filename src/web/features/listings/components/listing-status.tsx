import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { FullPageStatus } from '../../../components/ui/full-page-status.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { paths } from '../../../config/paths.ts';
import { useNotFoundStatus } from '../../../lib/server-status.ts';

/**
 * Shown while a listing loads. As tall as the screen, so the footer stays below the fold: a
 * shorter placeholder let the footer show and then jump down when the listing came in (CLS).
 */
export function ListingLoading() {
  return <FullPageStatus fullScreen message="Loading listing..." />;
}

/** A missing, draft or removed listing. */
export function ListingNotFound() {
  useNotFoundStatus();
  return (
    <Page title="Listing not found" width="narrow">
      {/* Gone or never public: search engines drop the address. */}
      <meta name="robots" content="noindex" />
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-2xl font-bold text-stone-900">Listing not found</h1>
        <p className="text-stone-700">
          This apartment is no longer listed, or the link is wrong. Plenty of others are.
        </p>
        <Link to={paths.search.href()} className={buttonClass('primary')}>
          Search apartments
        </Link>
      </div>
    </Page>
  );
}
