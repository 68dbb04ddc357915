import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

type FullPageStatusProps = {
  /** One of the spec's loading texts, shown under the spinner. */
  message: string;
  /** Fill the viewport (start-up) or only the main area (inside the layout). */
  fullScreen?: boolean;
  children?: ReactNode;
};

/** A centred spinner with one of the docs/spec.md §2 loading texts, announced politely. */
export function FullPageStatus({ message, fullScreen = false, children }: FullPageStatusProps) {
  return (
    <div
      className={
        fullScreen
          ? 'flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center'
          : 'flex min-h-[50vh] flex-col items-center justify-center gap-4 p-6 text-center'
      }
    >
      <Spinner size="lg" />
      <p role="status" aria-live="polite" className="text-base text-stone-600">
        {message}
      </p>
      {children}
    </div>
  );
}
