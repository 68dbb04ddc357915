import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /listings/{id}/mobile: the mobile variant of the listing page. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <ComingSoon title="Listing" description={`Listing ${id} · mobile view`}>
      <p>Listing details are on their way: photos, price, amenities and a message button.</p>
    </ComingSoon>
  );
}
