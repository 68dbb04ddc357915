import { initialsOf, UNKNOWN_USER } from '../../../../shared/messaging.ts';
import { cn } from '../../../lib/cn.ts';

/** Dark enough for white initials to pass WCAG AA. */
const TONES = [
  'bg-brand-700',
  'bg-sky-700',
  'bg-indigo-700',
  'bg-rose-700',
  'bg-amber-800',
  'bg-emerald-800',
  'bg-violet-700',
  'bg-stone-600',
] as const;

function toneFor(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i += 1) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  return TONES[Math.abs(hash) % TONES.length] ?? TONES[0];
}

/**
 * The person's initials in a coloured circle, drawn here: docs/spec.md §3's avatar came from an
 * external initials service, which we do not call (privacy, CSP). Decorative: the name is always
 * beside it.
 */
export function Avatar({
  name,
  seed,
  size = 'md',
  deleted = false,
}: {
  name: string;
  /** Keeps a person's colour stable (their id). */
  seed: string;
  size?: 'sm' | 'md';
  /** A deleted account (decision 039): a plain grey silhouette, nothing of the person. */
  deleted?: boolean | undefined;
}) {
  const shown = name.trim() || UNKNOWN_USER;
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
        size === 'sm' ? 'size-9 text-sm' : 'size-11 text-base',
        deleted ? 'bg-stone-400' : toneFor(seed),
      )}
    >
      {deleted ? (
        <svg viewBox="0 0 24 24" className="size-3/5" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
        </svg>
      ) : (
        initialsOf(shown)
      )}
    </span>
  );
}

/** The name to show for a participant (docs/spec.md §3 fallback 'Unknown User'). */
export function displayName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : UNKNOWN_USER;
}
