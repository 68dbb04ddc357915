import { LandlordAvailabilityPage } from '../../features/tours/components/landlord-availability-page.tsx';

/** /landlord/availability */
export function Component() {
  return <LandlordAvailabilityPage />;
}
