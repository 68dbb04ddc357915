import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /landlord/availability */
export function Component() {
  return (
    <ComingSoon title="Availability" description="The times you can show your apartments.">
      <p>Availability settings are on their way.</p>
    </ComingSoon>
  );
}
