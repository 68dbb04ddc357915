import { type ComponentProps, useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { isHydrating } from '../../lib/hydration.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { FormReadyContext } from './form-ready.ts';

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
  // The same on the server and in the hydrating render; ready once hydrated.
  const [ready, setReady] = useState(() => !isHydrating());
  useEffect(() => setReady(true), []);
  return (
    <form
      onFocus={validation ? () => void validation.preload() : undefined}
      noValidate
      // Never a GET of the fields should the browser submit it itself.
      method="post"
      className={cn('flex flex-col gap-5', className)}
      aria-label={label}
      {...form}
    >
      {error ? <ApiErrorAlert error={error} /> : null}
      <FormReadyContext value={ready}>{children}</FormReadyContext>
    </form>
  );
}
