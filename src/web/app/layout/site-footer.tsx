import { Link } from 'react-router';

/** The footer of every page, the navbar-less home page included. */
export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>Stoop · No-fee apartments in New York.</p>
        <Link to="/about" className="underline-offset-4 hover:text-stone-900 hover:underline">
          About Stoop
        </Link>
      </div>
    </footer>
  );
}
