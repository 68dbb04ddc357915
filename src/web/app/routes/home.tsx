import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { SearchTextBox } from '../../features/search/components/search-text-box.tsx';
import { isHydrating } from '../../lib/hydration.ts';
import { SiteFooter } from '../layout/site-footer.tsx';

/** The featured and newest rows: their own chunk, loaded when they come near the screen. */
const HomeListings = lazy(() => import('../home/home-listings.tsx'));

const POPULAR_NEIGHBORHOODS = [
  ['east-village', 'East Village'],
  ['williamsburg', 'Williamsburg'],
  ['astoria', 'Astoria'],
  ['upper-west-side', 'Upper West Side'],
  ['park-slope', 'Park Slope'],
  ['harlem', 'Harlem'],
  ['bushwick', 'Bushwick'],
  ['long-island-city', 'Long Island City'],
  ['chelsea', 'Chelsea'],
  ['crown-heights', 'Crown Heights'],
  ['lower-east-side', 'Lower East Side'],
  ['greenpoint', 'Greenpoint'],
] as const;

/** A ref and whether its element has come within 300 px of the viewport (then stays true). */
function useNearViewport<T extends Element>(): [(element: T | null) => void, boolean] {
  // A page rendered on the server has its rows in the HTML (their listings as links): kept.
  const [near, setNear] = useState(isHydrating);
  const ref = useCallback((element: T | null) => {
    if (element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}

const RENTER_STEPS = [
  ['Search', 'Browse no-fee apartments across the five boroughs.'],
  ['Message', 'Ask the landlord anything, directly. No brokers in between.'],
  ['Tour', 'Book a viewing and keep private notes on every place you see.'],
] as const;

const LANDLORD_STEPS = [
  ['List', 'Publish your apartment for free in a few minutes.'],
  ['Talk', 'Answer renters directly and keep every conversation in one place.'],
  ['Rent', 'Schedule tours, manage your waitlist and fill vacancies faster.'],
] as const;

function Steps({ title, steps }: { title: string; steps: readonly (readonly [string, string])[] }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      <ol className="mt-6 flex flex-col gap-5">
        {steps.map(([name, text], index) => (
          <li key={name} className="flex gap-4">
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-800"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-stone-900">{name}</h3>
              <p className="text-stone-600">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `/`: the home page, without the navigation bar (docs/spec.md §2). */
export function Component() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // The listing rows sit below the first screen: loaded when they come near it, so their code
  // and data stay out of the page load (Lighthouse: TBT and LCP).
  const [rowsRef, rowsNear] = useNearViewport<HTMLDivElement>();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Stoop · No-fee apartments in New York</title>
      <main className="flex-1">
        <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 text-white">
          <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pt-10 pb-16 sm:px-6 sm:pt-14 sm:pb-24">
            <Logo className="h-8 self-start text-white sm:h-10" />
            <div className="max-w-2xl">
              <h1 className="text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
                No-fee apartments in New York, straight from the landlord.
              </h1>
              <p className="mt-5 text-lg text-brand-50 sm:text-xl">
                Stoop connects renters and landlords directly: browse listings, send a message and
                book a tour without paying a broker a cent.
              </p>
            </div>
            <div className="max-w-2xl rounded-xl bg-white p-2 text-stone-900 shadow-lg">
              <SearchTextBox
                value=""
                onSubmit={(q) =>
                  navigate(
                    q ? `${paths.search.href()}?q=${encodeURIComponent(q)}` : paths.search.href(),
                  )
                }
              />
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link
                to="/search"
                className={buttonClass('secondary', 'lg', 'border-transparent text-brand-900')}
              >
                Browse apartments
              </Link>
              {user ? (
                <Link
                  to="/dashboard"
                  className={buttonClass(
                    'ghost',
                    'lg',
                    'text-white ring-1 ring-white/60 hover:bg-white/10',
                  )}
                >
                  Go to your dashboard
                </Link>
              ) : (
                <Link
                  to="/register/landlord"
                  className={buttonClass(
                    'ghost',
                    'lg',
                    'text-white ring-1 ring-white/60 hover:bg-white/10',
                  )}
                >
                  List your apartment
                </Link>
              )}
            </div>
            {user ? null : (
              <p className="text-brand-50">
                Already on Stoop?{' '}
                <Link
                  to="/signin"
                  className="font-semibold text-white underline underline-offset-4"
                >
                  Sign in
                </Link>
              </p>
            )}
          </div>
        </section>
        <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 pt-12 sm:px-6 md:pt-16">
          <div ref={rowsRef} className="sr-only" aria-hidden="true" />
          {rowsNear ? (
            <Suspense fallback={<div className="min-h-[40rem]" />}>
              <HomeListings />
            </Suspense>
          ) : (
            <div className="min-h-[40rem]" />
          )}
          <section className="flex flex-col gap-4">
            <h2 className="text-2xl font-bold text-stone-900">Popular neighborhoods</h2>
            <ul className="flex flex-wrap gap-2">
              {POPULAR_NEIGHBORHOODS.map(([slug, name]) => (
                <li key={slug}>
                  <Link
                    to={`${paths.search.href()}?neighborhoods=${slug}`}
                    className="inline-block rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:border-brand-700"
                  >
                    {name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-16">
          <Steps title="For renters" steps={RENTER_STEPS} />
          <Steps title="For landlords" steps={LANDLORD_STEPS} />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
