import { NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import type { AccountLink } from './account-links.ts';
import { AccountMenu } from './account-menu.tsx';

export type NavModel = {
  /** Home and About Us: everyone but landlords. */
  showPublicLinks: boolean;
  signedIn: boolean;
  email: string | null;
  showNewListing: boolean;
  unreadBadge: string | null;
  /** Dashboard, Profile and the role's own list (issue 11 item 4). */
  accountLinks: AccountLink[];
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

/** The navigation items of docs/spec.md §2, laid out as the top bar or as the mobile menu. */
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
      {model.signedIn && model.email && layout === 'bar' ? (
        <li className="ml-2">
          <AccountMenu
            email={model.email}
            links={model.accountLinks}
            onSignOut={onSignOut}
            signingOut={signingOut}
          />
        </li>
      ) : null}
      {model.signedIn && model.email && layout === 'menu' ? (
        <>
          <li
            className="mt-4 truncate border-t border-stone-200 px-4 pt-4 text-sm text-stone-600"
            title={model.email}
            data-testid="nav-email"
          >
            {model.email}
          </li>
          {model.accountLinks.map((item) => (
            <li key={item.label}>
              <NavLink to={item.to} end className={link} onClick={onNavigate}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </>
      ) : null}
      {model.signedIn ? (
        layout === 'menu' ? (
          <li className="px-4 pt-2">
            <button
              type="button"
              className={buttonClass('secondary', 'sm', 'w-full')}
              onClick={onSignOut}
              disabled={signingOut}
            >
              Sign Out
            </button>
          </li>
        ) : null
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
