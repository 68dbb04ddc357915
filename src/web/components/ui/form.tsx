import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

type FormProps = Omit<ComponentProps<'form'>, 'aria-label'> & {
  /** The form's accessible name. */
  label: string | undefined;
  /** The failed submit's error (a mutation's `error`), shown above the fields. */
  error?: unknown;
  /** The lazily loaded validation: starts loading when the visitor first focuses the form. */
  validation?: { preload: () => Promise<void> };
};

/**
 * A form of stacked fields. The browser's own validation is off: the shared zod schemas check
 * the values and each field shows its message.
 */
export function Form({ label, error, validation, className, children, ...form }: FormProps) {
  return (
    <form
      onFocus={validation ? () => void validation.preload() : undefined}
      noValidate
      className={cn('flex flex-col gap-5', className)}
      aria-label={label}
      {...form}
    >
      {error ? <ApiErrorAlert error={error} /> : null}
      {children}
    </form>
  );
}
