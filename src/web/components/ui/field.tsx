import { type ComponentProps, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

const INPUT_CLASS =
  'block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm ' +
  'placeholder:text-stone-400 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-brand-700/30 disabled:bg-stone-100';

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined.length > 0 ? joined : undefined;
}

/** A labelled input with an inline error (announced) and an optional hint. */
export function TextField({ label, error, hint, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={inputId}
        className={cn(INPUT_CLASS, error ? 'border-red-600' : 'border-stone-300')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show-password toggle. */
export function PasswordField({ label, error, hint, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={cn(INPUT_CLASS, 'pr-20', error ? 'border-red-600' : 'border-stone-300')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintId, error && errorId)}
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
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
