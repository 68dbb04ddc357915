import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /landlord/tours */
export function Component() {
  return (
    <ComingSoon title="Tours" description="Viewings renters have booked with you.">
      <p>Tour management is on its way.</p>
    </ComingSoon>
  );
}
