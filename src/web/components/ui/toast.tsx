import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TOAST_DEFAULT_DURATION_MS, TOAST_EXIT_ANIMATION_MS } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';
import { createStrictContext } from '../../lib/strict-context.ts';

export type ToastType = 'success' | 'error' | 'info';

/**
 * A link after the message (issue 16: "open the listing" in an alert). The provider sits outside
 * the router, so `onClick` does the in-app navigation; the `href` serves a new tab.
 */
export type ToastLink = { href: string; label: string; onClick?: () => void };

/**
 * docs/spec.md §3: a toast has an id, a message, a type and a duration (and, here, maybe a link).
 */
export type Toast = {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
  link?: ToastLink | undefined;
};
export type ToastInput = {
  message: string;
  type?: ToastType;
  duration?: number;
  link?: ToastLink | undefined;
};

type ToastItem = Toast & { leaving: boolean };

export type ToastApi = {
  toasts: readonly Toast[];
  show: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  success: (message: string) => string;
  error: (message: string) => string;
  info: (message: string) => string;
};

/** The toast API; `useToast` throws when used outside a `ToastProvider`. */
const [ToastContext, useToast] = createStrictContext<ToastApi>('useToast', 'ToastProvider');

export { useToast };

let counter = 0;
function nextId(): string {
  counter += 1;
  return `toast-${Date.now().toString(36)}-${counter}`;
}

/**
 * Holds the toasts (docs/spec.md §4): each hides itself after its duration (default 5000 ms), then
 * leaves with a 300 ms exit animation. Renders the stack itself, so one provider is enough.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // While a toast is hovered or holds focus its timer stops (WCAG 2.2.1): the time it had left.
  const paused = useRef(new Map<string, number>());
  const endsAt = useRef(new Map<string, number>());

  const clearTimer = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const dismiss = useCallback(
    (id: string) => {
      clearTimer(id);
      paused.current.delete(id);
      endsAt.current.delete(id);
      setItems((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setItems((list) => list.filter((t) => t.id !== id));
        }, TOAST_EXIT_ANIMATION_MS),
      );
    },
    [clearTimer],
  );

  const schedule = useCallback(
    (id: string, delay: number) => {
      endsAt.current.set(id, Date.now() + delay);
      timers.current.set(
        id,
        setTimeout(() => {
          endsAt.current.delete(id);
          dismiss(id);
        }, delay),
      );
    },
    [dismiss],
  );

  const show = useCallback(
    ({ message, type = 'info', duration = TOAST_DEFAULT_DURATION_MS, link }: ToastInput) => {
      const id = nextId();
      setItems((list) => [...list, { id, message, type, duration, link, leaving: false }]);
      schedule(id, duration);
      return id;
    },
    [schedule],
  );

  const hold = useCallback(
    (id: string, holding: boolean) => {
      if (holding) {
        const end = endsAt.current.get(id);
        if (end === undefined || paused.current.has(id)) return;
        clearTimer(id);
        paused.current.set(id, Math.max(end - Date.now(), 0));
      } else {
        const left = paused.current.get(id);
        if (left === undefined) return;
        paused.current.delete(id);
        // At least a moment to read it again after the pointer or focus leaves.
        schedule(id, Math.max(left, 1000));
      }
    },
    [clearTimer, schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toasts: items.map(({ leaving: _leaving, ...toast }) => toast),
      show,
      dismiss,
      success: (message) => show({ message, type: 'success' }),
      error: (message) => show({ message, type: 'error' }),
      info: (message) => show({ message, type: 'info' }),
    }),
    [items, show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport items={items} onDismiss={dismiss} onHold={hold} />
    </ToastContext>
  );
}

const TONES: Record<ToastType, string> = {
  success: 'border-emerald-200 bg-white text-stone-900 [&_[data-dot]]:bg-emerald-600',
  error: 'border-red-200 bg-white text-stone-900 [&_[data-dot]]:bg-red-600',
  info: 'border-brand-200 bg-white text-stone-900 [&_[data-dot]]:bg-brand-700',
};

function ToastViewport({
  items,
  onDismiss,
  onHold,
}: {
  items: ToastItem[];
  onDismiss: (id: string) => void;
  onHold: (id: string, holding: boolean) => void;
}) {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {items.map((toast) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: a status or alert; hover and focus only pause its timer.
        <div
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-toast-type={toast.type}
          data-leaving={toast.leaving || undefined}
          onPointerEnter={() => onHold(toast.id, true)}
          onPointerLeave={() => onHold(toast.id, false)}
          onFocus={() => onHold(toast.id, true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
              onHold(toast.id, false);
            }
          }}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 shadow-lg',
            'animate-toast-in transition-all duration-300',
            toast.leaving ? 'translate-y-2 opacity-0' : 'translate-y-0 opacity-100',
            TONES[toast.type],
          )}
        >
          <span data-dot className="mt-1.5 size-2 shrink-0 rounded-full" aria-hidden="true" />
          <div className="flex flex-1 flex-col gap-1 text-sm">
            <p>{toast.message}</p>
            {toast.link ? (
              <a
                href={toast.link.href}
                className="self-start font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                onClick={(event) => {
                  const { link } = toast;
                  // A plain click navigates in the app; a modified one opens a tab as usual.
                  if (!link?.onClick || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  link.onClick();
                  onDismiss(toast.id);
                }}
              >
                {toast.link.label}
              </a>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => onDismiss(toast.id)}
            className="-my-1 -mr-2 rounded-md px-2 py-1 text-sm text-stone-600 hover:bg-stone-100"
          >
            <span aria-hidden="true">✕</span>
            <span className="sr-only">Dismiss notification</span>
          </button>
        </div>
      ))}
    </section>
  );
}
