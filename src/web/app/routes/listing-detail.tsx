import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /listings/{id} (desktop; mobile devices are sent to /listings/{id}/mobile). */
export function Component() {
  const { id = '' } = useParams();
  return (
    <ComingSoon title="Listing" description={`Listing ${id}`}>
      <p>Listing details are on their way: photos, price, amenities and a message button.</p>
    </ComingSoon>
  );
}
