import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /search */
export function Component() {
  return (
    <ComingSoon title="Search results" description="No-fee apartments that match your search.">
      <p>
        Apartment search is on its way. Soon you will filter by price, bedrooms, neighborhood and
        amenities here.
      </p>
    </ComingSoon>
  );
}
