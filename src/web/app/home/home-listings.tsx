import { Link } from 'react-router';
import type { ListingSummary } from '../../../shared/schemas/listing-responses.ts';
import { paths } from '../../config/paths.ts';
import {
  useFeaturedListings,
  useNewestListings,
} from '../../features/listings/api/listings-api.ts';
import { ListingGrid } from '../../features/listings/components/listing-grid.tsx';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';

function ListingsSection({
  title,
  href,
  linkLabel,
  items,
}: {
  title: string;
  href: string;
  linkLabel: string;
  /** Undefined while loading (skeletons); empty or failed sections are left out. */
  items: readonly ListingSummary[] | undefined | null;
}) {
  if (items === null || items?.length === 0) return null;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-end justify-between gap-4">
        <h2 className="text-2xl font-bold text-stone-900">{title}</h2>
        <Link to={href} className="text-sm font-semibold text-brand-800 hover:underline">
          {linkLabel}
        </Link>
      </div>
      <ListingGrid
        listings={items}
        placeholders={3}
        actionFor={(listing) => <SaveButton listingId={listing.id} title={listing.title} />}
      />
    </section>
  );
}

/** The home page's featured and newest rows (a lazy chunk of `/`). */
export default function HomeListings() {
  const featured = useFeaturedListings(6);
  const newest = useNewestListings(6);
  return (
    <>
      <ListingsSection
        title="Featured apartments"
        href={paths.featured.href()}
        linkLabel="All featured"
        items={featured.isError ? null : featured.data}
      />
      <ListingsSection
        title="Just listed"
        href={paths.search.href()}
        linkLabel="See all apartments"
        items={newest.isError ? null : newest.data?.items}
      />
    </>
  );
}
