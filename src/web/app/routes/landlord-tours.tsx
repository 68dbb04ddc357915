import { LandlordToursPage } from '../../features/tours/components/landlord-tours-page.tsx';

/** /landlord/tours */
export function Component() {
  return <LandlordToursPage />;
}
