import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { AccountLink } from './account-links.ts';

type AccountMenuProps = {
  email: string;
  links: AccountLink[];
  onSignOut: () => void;
  signingOut: boolean;
};

const ITEM =
  'flex h-10 w-full items-center rounded-lg px-3 text-left text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:bg-stone-100';

/**
 * The top bar's account menu: the user's email is a button that opens the account links and
 * Sign Out. A disclosure popup (not an ARIA `menu`: Sign Out stays a plain button and the links
 * plain links, in simple tab order; arrow keys move between them too). It closes on Escape (focus
 * back on the button), a click outside, focus leaving it, or a route change.
 */
export function AccountMenu({ email, links, onSignOut, signingOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    root?.querySelector<HTMLElement>('[data-account-item]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (root && !root.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const items = [
      ...(rootRef.current?.querySelectorAll<HTMLElement>('[data-account-item]') ?? []),
    ];
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? items.length - 1
          : event.key === 'ArrowDown'
            ? (at + 1) % items.length
            : (at - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and arrow keys for the popup inside.
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className={cn(
          'inline-flex h-10 max-w-56 items-center gap-1 rounded-lg px-3 text-sm text-stone-700 hover:bg-stone-100',
          open && 'bg-stone-100',
        )}
        title={email}
        data-testid="nav-email"
      >
        <span className="truncate">{email}</span>
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
      >
        <ul className="flex flex-col">
          {links.map((link) => (
            <li key={link.label}>
              <Link
                to={link.to}
                className={ITEM}
                data-account-item=""
                onClick={() => setOpen(false)}
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-stone-200 pt-1">
            <button
              type="button"
              className={ITEM}
              data-account-item=""
              onClick={onSignOut}
              disabled={signingOut}
            >
              Sign Out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
