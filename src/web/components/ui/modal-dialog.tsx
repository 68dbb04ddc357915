import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalDialogProps = {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'lg';
};

/**
 * A modal on the native <dialog>: the browser keeps focus inside and Escape closes it; focus
 * goes back to what was focused before. Mounted only while open. Full screen on a phone.
 */
export function ModalDialog({
  title,
  description,
  onClose,
  children,
  size = 'lg',
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={
        size === 'sm'
          ? 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/40'
          : 'm-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/40 sm:m-auto sm:h-auto sm:max-h-[90dvh] sm:max-w-2xl sm:rounded-2xl'
      }
      onCancel={(event) => {
        // Escape: React state decides what is open.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="flex h-full flex-col sm:max-h-[90dvh]">
        <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-stone-600">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
            aria-label="Close"
          >
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
