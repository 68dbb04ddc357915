import { ListingPage } from './listing-detail.tsx';

/** /listings/{id}/mobile: the phone layout of the listing page. */
export function Component() {
  return <ListingPage layout="mobile" />;
}
