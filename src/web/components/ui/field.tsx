import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** What every labelled control takes besides its own element's props. */
export type FieldChromeProps = {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

type FieldProps = ComponentProps<'input'> & FieldChromeProps;

export const INPUT_CLASS =
  'block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm ' +
  'placeholder:text-stone-400 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-brand-700/30 disabled:bg-stone-100';

/**
 * The ids a labelled control needs: its own (given or generated) and the accessibility props
 * that point at its hint and its error.
 */
export function useFieldIds(
  id: string | undefined,
  { hint, error }: Pick<FieldChromeProps, 'hint' | 'error'>,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`]
    .filter(Boolean)
    .join(' ');
  return {
    inputId,
    controlProps: {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy.length > 0 ? describedBy : undefined,
    },
  };
}

/** The label above a control, then its hint and its inline error (announced). */
export function FieldShell({
  inputId,
  label,
  hint,
  error,
  className,
  labelId,
  children,
}: FieldChromeProps & {
  inputId: string;
  className?: string | undefined;
  /** An id for the label, for a control named by `aria-labelledby` (a combobox's listbox). */
  labelId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label id={labelId} htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${inputId}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with an inline error (announced) and an optional hint. */
export function TextField({ label, error, hint, id, className, ...input }: FieldProps) {
  const { inputId, controlProps } = useFieldIds(id, { hint, error });
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <input
        className={cn(INPUT_CLASS, error ? 'border-red-600' : 'border-stone-300')}
        {...controlProps}
        {...input}
      />
    </FieldShell>
  );
}

/** A password input with a show-password toggle. */
export function PasswordField({ label, error, hint, id, className, ...input }: FieldProps) {
  const { inputId, controlProps } = useFieldIds(id, { hint, error });
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          type={visible ? 'text' : 'password'}
          className={cn(INPUT_CLASS, 'pr-20', error ? 'border-red-600' : 'border-stone-300')}
          {...controlProps}
          {...input}
        />
        <button
          type="button"
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-brand-800 hover:bg-brand-50"
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      </div>
    </FieldShell>
  );
}
