import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /landlord/billing */
export function Component() {
  return (
    <ComingSoon title="Billing" description="Your plan and invoices.">
      <p>Billing is on its way.</p>
    </ComingSoon>
  );
}
