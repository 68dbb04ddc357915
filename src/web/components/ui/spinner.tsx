import { cn } from '../../lib/cn.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';
export type SpinnerColor = 'teal' | 'white' | 'gray';

const SIZES: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-8 border-[3px]',
  lg: 'size-12 border-4',
};

const COLORS: Record<SpinnerColor, string> = {
  teal: 'border-brand-100 border-t-brand-700',
  white: 'border-white/30 border-t-white',
  gray: 'border-stone-200 border-t-stone-500',
};

type SpinnerProps = {
  size?: SpinnerSize;
  color?: SpinnerColor;
  /** When set, the spinner announces itself; otherwise it is decorative. */
  label?: string;
  className?: string;
};

/** The loading spinner of docs/spec.md §2: sizes sm, md, lg; colours teal, white, gray. */
export function Spinner({ size = 'md', color = 'teal', label, className }: SpinnerProps) {
  const ring = (
    <span
      className={cn(
        'inline-block shrink-0 animate-spin rounded-full',
        SIZES[size],
        COLORS[color],
        className,
      )}
      data-size={size}
      data-color={color}
      aria-hidden="true"
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
