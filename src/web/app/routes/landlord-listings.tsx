import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /landlord/listings */
export function Component() {
  return (
    <ComingSoon title="Your listings" description="Apartments you have published on Stoop.">
      <p>Listing management is on its way. Listings you publish will appear here.</p>
    </ComingSoon>
  );
}
