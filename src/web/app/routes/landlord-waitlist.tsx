import { LandlordWaitlistPage } from '../../features/tours/components/landlord-waitlist-page.tsx';

/** /landlord/waitlist */
export function Component() {
  return <LandlordWaitlistPage />;
}
