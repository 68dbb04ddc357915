import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /landlord/waitlist */
export function Component() {
  return (
    <ComingSoon title="Waitlist" description="Renters waiting for your next vacancy.">
      <p>The waitlist is on its way.</p>
    </ComingSoon>
  );
}
