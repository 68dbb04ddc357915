import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /featured */
export function Component() {
  return (
    <ComingSoon
      title="Featured listings"
      description="Hand-picked no-fee apartments across New York."
    >
      <p>Featured listings are on their way.</p>
    </ComingSoon>
  );
}
