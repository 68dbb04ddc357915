import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /listings/create */
export function Component() {
  return (
    <ComingSoon title="New listing" description="Publish an apartment on Stoop, free of charge.">
      <p>The listing editor is on its way.</p>
    </ComingSoon>
  );
}
