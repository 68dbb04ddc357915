import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useUnreadCount } from '../../features/messaging/api/get-unread-count.ts';
import { unreadBadgeText } from '../../features/messaging/unread-badge.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { accountLinksFor } from './account-links.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { NavItems, type NavModel } from './nav-items.tsx';

const MENU_ID = 'mobile-menu';

/** docs/spec.md §2: the top navigation bar, with the slide-in menu on narrow screens. */
export function Navbar() {
  const { user, isLandlord } = useAuth();
  const unread = useUnreadCount(user?.id ?? null);
  const signOut = useSignOut();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // A route change (a link, back/forward) always closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  const model: NavModel = {
    showPublicLinks: !isLandlord,
    signedIn: user !== null,
    email: user?.email ?? null,
    showNewListing: isLandlord,
    unreadBadge: unreadBadgeText(unread),
    accountLinks: user ? accountLinksFor(user.userType) : [],
  };

  // Awaited, not mutate's callbacks: dropping the user can swap the layout (and this bar) first.
  const onSignOut = async () => {
    setMenuOpen(false);
    try {
      await signOut.mutateAsync(undefined);
      toast.success('You have signed out.');
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const logoHref = isLandlord ? '/landlord/dashboard' : '/';

  return (
    <header className="sticky top-0 z-40 border-b print:hidden border-stone-200 bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/80">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link
          to={logoHref}
          className="flex items-center rounded-md text-brand-700"
          data-testid="logo-link"
        >
          <Logo className="h-6 sm:h-7" />
        </Link>
        <div className="hidden md:block" data-testid="nav-bar-items">
          <NavItems
            model={model}
            layout="bar"
            onSignOut={onSignOut}
            signingOut={signOut.isPending}
          />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="relative inline-flex size-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <MenuIcon shape={menuOpen ? 'close' : 'menu'} />
          {model.unreadBadge && !menuOpen ? (
            <span
              className="absolute top-2 right-2 size-2.5 rounded-full bg-brand-700"
              aria-hidden="true"
            />
          ) : null}
        </button>
      </nav>
      <MobileMenu open={menuOpen} onClose={closeMenu} toggleRef={toggleRef} id={MENU_ID}>
        <div className="mb-6 flex items-center justify-between">
          <Link to={logoHref} className="rounded-md text-brand-700" onClick={closeMenu}>
            <Logo className="h-6" />
          </Link>
          <button
            type="button"
            onClick={closeMenu}
            className="inline-flex size-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100"
          >
            <span className="sr-only">Close menu</span>
            <MenuIcon shape="close" />
          </button>
        </div>
        <nav aria-label="Mobile">
          <NavItems
            model={model}
            layout="menu"
            onSignOut={onSignOut}
            signingOut={signOut.isPending}
            onNavigate={closeMenu}
          />
        </nav>
      </MobileMenu>
    </header>
  );
}

/** The menu button's drawing: three bars, or a cross while the menu is open. */
/** The bar's box, logo and border, while the bar itself has not rendered yet (AppLayout). */
export function NavbarPlaceholder() {
  return (
    <div
      className="sticky top-0 z-40 border-b print:hidden border-stone-200 bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/80"
      data-testid="navbar-placeholder"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <span className="flex items-center text-brand-700">
          <Logo className="h-6 sm:h-7" />
        </span>
      </div>
    </div>
  );
}

function MenuIcon({ shape }: { shape: 'menu' | 'close' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={shape === 'close' ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
    </svg>
  );
}
