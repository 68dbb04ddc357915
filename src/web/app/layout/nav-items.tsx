import { NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

export type NavModel = {
  /** Home and About Us: everyone but landlords. */
  showPublicLinks: boolean;
  signedIn: boolean;
  email: string | null;
  showNewListing: boolean;
  unreadBadge: string | null;
};

type NavItemsProps = {
  model: NavModel;
  layout: 'bar' | 'menu';
  onSignOut: () => void;
  signingOut: boolean;
  /** Called when a link is chosen (the mobile menu closes). */
  onNavigate?: () => void;
};

const linkClass =
  (layout: NavItemsProps['layout']) =>
  ({ isActive }: { isActive: boolean }) =>
    cn(
      'inline-flex items-center gap-2 rounded-lg font-medium transition-colors',
      layout === 'bar' ? 'h-10 px-3 text-sm' : 'h-12 w-full px-4 text-base',
      isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100',
    );

/** The navigation items of spec §2, laid out as the top bar or as the mobile menu. */
export function NavItems({ model, layout, onSignOut, signingOut, onNavigate }: NavItemsProps) {
  const link = linkClass(layout);
  const list = layout === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1';
  return (
    <ul className={list}>
      {model.showPublicLinks ? (
        <>
          <li>
            <NavLink to="/" end className={link} onClick={onNavigate}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/about" className={link} onClick={onNavigate}>
              About Us
            </NavLink>
          </li>
        </>
      ) : null}
      {model.signedIn ? (
        <li>
          <NavLink to="/chat" className={link} onClick={onNavigate}>
            Messages
            {model.unreadBadge ? (
              <span
                className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white"
                data-testid="unread-badge"
              >
                {model.unreadBadge}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ) : null}
      {model.showNewListing ? (
        <li className={layout === 'bar' ? 'ml-1' : 'mt-2'}>
          <NavLink
            to="/listings/create"
            className={buttonClass(
              'primary',
              layout === 'bar' ? 'sm' : 'md',
              layout === 'menu' ? 'w-full' : undefined,
            )}
            onClick={onNavigate}
          >
            + New Listing
          </NavLink>
        </li>
      ) : null}
      {model.signedIn && model.email ? (
        <li
          className={cn(
            'truncate text-sm text-stone-600',
            layout === 'bar' ? 'ml-2 max-w-56' : 'mt-4 border-t border-stone-200 px-4 pt-4',
          )}
          title={model.email}
          data-testid="nav-email"
        >
          {model.email}
        </li>
      ) : null}
      {model.signedIn ? (
        <li className={layout === 'bar' ? 'ml-1' : 'px-4 pt-2'}>
          <button
            type="button"
            className={buttonClass('secondary', 'sm', layout === 'menu' ? 'w-full' : undefined)}
            onClick={onSignOut}
            disabled={signingOut}
          >
            Sign Out
          </button>
        </li>
      ) : (
        <li className={layout === 'bar' ? 'ml-2' : 'mt-2'}>
          <NavLink
            to="/signin"
            className={buttonClass(
              'primary',
              layout === 'bar' ? 'sm' : 'md',
              layout === 'menu' ? 'w-full' : undefined,
            )}
            onClick={onNavigate}
          >
            Sign In
          </NavLink>
        </li>
      )}
    </ul>
  );
}
