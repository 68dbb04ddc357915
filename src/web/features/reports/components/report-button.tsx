import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  type ButtonSize,
  type ButtonVariant,
  buttonClass,
} from '../../../components/ui/button.tsx';
import type { ReportTarget } from './report-target.ts';

/* The dialog (with zod and the form) loads on the first click, never with the page. */
const ReportDialog = lazy(() => import('./report-dialog.tsx'));

type ReportButtonProps = {
  target: ReportTarget;
  label: string;
  /** Only the flag icon on a phone (a crowded header); the accessible name stays `label`. */
  compact?: boolean;
  /** For a visitor: where to sign in first (with the state that brings them back). */
  signIn?: { to: string; state: unknown } | undefined;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/** "Report listing" / "Report conversation": opens the report dialog, or sends a visitor to sign in. */
export function ReportButton({
  target,
  label,
  compact = false,
  signIn,
  variant = 'ghost',
  size = 'sm',
  className,
}: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const classes = buttonClass(
    variant,
    size,
    compact ? `max-md:px-2.5 ${className ?? ''}` : className,
  );
  const icon = (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        d="M5 21V4m0 0h11l-2 4 2 4H5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
  const text = compact ? <span className="max-md:hidden">{label}</span> : label;
  if (signIn) {
    return (
      <Link
        to={signIn.to}
        state={signIn.state}
        className={classes}
        aria-label={compact ? label : undefined}
      >
        {icon}
        {text}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={classes}
        aria-haspopup="dialog"
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        onClick={() => setOpen(true)}
      >
        {icon}
        {text}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
