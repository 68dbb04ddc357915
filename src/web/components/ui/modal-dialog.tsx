import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

type ModalFrameProps = {
  labelledBy: string;
  describedBy?: string | undefined;
  /** Escape or a click on the backdrop. */
  onClose: () => void;
  /** Where focus goes back on close: whatever had it on opening otherwise. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  className: string;
  testId?: string | undefined;
  children: ReactNode;
};

/**
 * The modal part of every dialog and sheet, on the native `<dialog>` (the page behind is inert),
 * mounted only while open: opens modal, stops the page behind from scrolling, keeps Tab inside,
 * closes on Escape or a backdrop click, and gives focus back when it unmounts.
 */
export function ModalFrame({
  labelledBy,
  describedBy,
  onClose,
  returnFocusRef,
  className,
  testId,
  children,
}: ModalFrameProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const opener =
      returnFocusRef?.current ??
      (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (!dialog.open) dialog.showModal();
    // A modal dialog does not stop the page behind it from scrolling.
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [returnFocusRef]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      className={className}
      onCancel={(event) => {
        // Escape: React state decides what is open.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself; the content fills it.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        // Tab cycles within the dialog instead of leaving the page for the browser's own UI.
        if (event.key !== 'Tab') return;
        const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (element) => element.getClientRects().length > 0,
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }}
    >
      {children}
    </dialog>
  );
}

/** The round "×" button of a dialog's header. */
export function CloseButton({
  label,
  onClick,
  disabled,
  className,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 disabled:opacity-50',
        className,
      )}
      aria-label={label}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

type ModalDialogProps = {
  /** The dialog's heading and accessible name. */
  title: string;
  /** A line under the title; it also describes the dialog to screen readers. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** While an action runs, Escape, the backdrop and the close button do nothing. */
  busy?: boolean;
  /** What gets focus on opening (the first focusable control otherwise). */
  initialFocus?: RefObject<HTMLElement | null>;
  testId?: string;
  /** The content lays itself out (its own padding, scrolling area and footer). */
  flush?: boolean;
};

const SIZES = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' } as const;

/**
 * A titled modal dialog (see ModalFrame). Focus starts on the content's first control and goes
 * back to the trigger when it closes. On a phone it is a bottom sheet.
 */
export function ModalDialog({
  title,
  description,
  onClose,
  children,
  size = 'md',
  busy = false,
  initialFocus,
  testId,
  flush = false,
}: ModalDialogProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Runs after ModalFrame has opened the dialog (a child's effects run first).
  useEffect(() => {
    // The first control of the content (a form's first field), not the header's close button.
    const target =
      initialFocus?.current ??
      bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      frameRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, [initialFocus]);

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <ModalFrame
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      onClose={close}
      testId={testId}
      className={cn(
        'm-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-hidden rounded-t-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/50',
        'sm:m-auto sm:rounded-2xl',
        SIZES[size],
      )}
    >
      <div ref={frameRef} className="flex max-h-[92dvh] flex-col">
        <div className="flex items-start justify-between gap-3 border-b border-stone-200 px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-stone-900">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-1 text-sm text-stone-600">
                {description}
              </div>
            ) : null}
          </div>
          <CloseButton
            label="Close"
            onClick={close}
            disabled={busy}
            className="-mt-1 -mr-2 size-10"
          />
        </div>
        <div
          ref={bodyRef}
          className={
            flush ? 'flex min-h-0 flex-1 flex-col' : 'min-h-0 flex-1 overflow-y-auto px-5 py-4'
          }
        >
          {children}
        </div>
      </div>
    </ModalFrame>
  );
}

/** The buttons row at the bottom of a dialog's content: stacked on a phone, right-aligned wider. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
  );
}

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  pending: boolean;
  /** The failed attempt's message, shown above the buttons. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?": the consequence in words, Cancel (focused first) and the action. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  tone = 'primary',
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog title={title} onClose={onClose} busy={pending} size="sm" initialFocus={cancel}>
      <div className="flex flex-col gap-3 text-sm text-stone-700">{children}</div>
      {error ? <Alert className="mt-4">{error}</Alert> : null}
      <DialogActions>
        <Button ref={cancel} variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant={tone} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
