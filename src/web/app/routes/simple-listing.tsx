import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /simple-listing/{id} */
export function Component() {
  const { id = '' } = useParams();
  return (
    <ComingSoon title="Listing" description={`Listing ${id} · simple view`}>
      <p>The simple listing page is on its way.</p>
    </ComingSoon>
  );
}
