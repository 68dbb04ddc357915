import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';

export function Component() {
  return (
    <Page title="Page not found">
      <div className="py-12 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900">Page not found</h1>
        <p className="mt-3 text-stone-600">There is no page at this address.</p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
          Go to the home page
        </Link>
      </div>
    </Page>
  );
}
