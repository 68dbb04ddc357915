import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /tours */
export function Component() {
  return (
    <ComingSoon title="Your tours" description="Viewings you have booked.">
      <p>Tour booking is on its way. Tours you book with landlords will be listed here.</p>
    </ComingSoon>
  );
}
