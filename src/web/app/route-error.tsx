import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to load or render (a stale chunk after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Something went wrong · Stoop</title>
      <h1 className="text-2xl font-bold text-stone-900">
        {notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="max-w-md text-stone-600">
        {notFound
          ? 'There is no page at this address.'
          : 'This page could not be loaded. Reloading usually fixes it.'}
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Reload
        </button>
        <Link
          to="/"
          className="inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-5 font-semibold text-stone-800 hover:bg-stone-50"
        >
          Go home
        </Link>
      </div>
    </main>
  );
}
