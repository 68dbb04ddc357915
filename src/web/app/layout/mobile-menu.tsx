import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../shared/constants.ts';

type MobileMenuProps = {
  open: boolean;
  onClose: () => void;
  /** The button that opened the menu: it gets focus back and does not count as outside. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  id: string;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * docs/spec.md §2: the slide-in menu. Closes on a click outside, on Escape, or when a link is
 * chosen (the items call `onClose`); locks page scroll while open; traps focus and returns it to
 * the toggle when it closes.
 */
export function MobileMenu({ open, onClose, toggleRef, id, children }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  // A layout effect: the scroll lock and the focus go back in the same commit that removes the
  // menu (Preact runs a plain effect's clean-up a frame later; decision 064).
  useLayoutEffect(() => {
    if (!open) return;
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    const toggle = toggleRef.current;

    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) return;
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstEl || !panel.contains(active))) {
        event.preventDefault();
        lastEl?.focus();
      } else if (!event.shiftKey && (active === lastEl || !panel.contains(active))) {
        event.preventDefault();
        firstEl?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target || panel?.contains(target) || toggle?.contains(target)) return;
      onClose();
    };
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) onClose();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      wide.removeEventListener('change', onWide);
      body.style.overflow = previousOverflow;
      toggle?.focus();
    };
  }, [open, onClose, toggleRef]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 md:hidden">
      <div
        className="absolute inset-0 bg-stone-900/40"
        aria-hidden="true"
        data-testid="menu-overlay"
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        className="absolute inset-y-0 right-0 flex w-80 max-w-[85vw] animate-slide-in flex-col overflow-y-auto bg-white p-4 shadow-2xl"
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
