import { Link } from 'react-router';
import { Redirect } from '../../components/routing/redirect.tsx';
import { Page } from '../../components/ui/page.tsx';
import { dashboardPathFor, useAuth } from '../../features/auth/use-auth.ts';

const CHOICES = [
  {
    to: '/register/renter',
    title: "I'm looking for an apartment",
    text: 'Browse no-fee listings, save favourites, message landlords and book tours.',
    cta: 'Sign up as a renter',
  },
  {
    to: '/register/landlord',
    title: 'I have apartments to rent',
    text: 'Publish listings for free, answer renters directly and manage your tours.',
    cta: 'Sign up as a landlord',
  },
] as const;

/** /register: choose renter or landlord. */
export function Component() {
  const { user } = useAuth();
  if (user) return <Redirect to={dashboardPathFor(user)} replace />;
  return (
    <Page title="Join Stoop">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900">Join Stoop</h1>
        <p className="mt-3 text-lg text-stone-600">
          No broker fees, ever. Tell us how you will use Stoop.
        </p>
      </div>
      <ul className="mx-auto mt-10 grid max-w-3xl gap-4 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <li key={choice.to}>
            <Link
              to={choice.to}
              className="group flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition hover:border-brand-700 hover:shadow-md"
            >
              <h2 className="text-lg font-semibold text-stone-900">{choice.title}</h2>
              <p className="mt-2 flex-1 text-stone-600">{choice.text}</p>
              <span className="mt-6 font-semibold text-brand-800 group-hover:underline">
                {choice.cta} →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-stone-600">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-800 hover:underline">
          Sign in
        </Link>
      </p>
    </Page>
  );
}
