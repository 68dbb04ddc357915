import { type ComponentProps, useContext } from 'react';
import { cn } from '../../lib/cn.ts';
import { FormReadyContext } from './form-ready.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-50 active:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100 active:bg-stone-200',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Classes for anything that should look like a button (a `<Link>` included). */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap',
    'transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while an action runs. */
  pending?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const formReady = useContext(FormReadyContext);
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || pending || (type === 'submit' && !formReady)}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? (
        <Spinner
          size="sm"
          color={variant === 'primary' || variant === 'danger' ? 'white' : 'gray'}
        />
      ) : null}
      {children}
    </button>
  );
}
