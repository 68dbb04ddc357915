import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { type FieldChromeProps, FieldShell, useFieldIds } from './field.tsx';

const SELECT_CLASS =
  'block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm';

/** `[value, label]` pairs, in the order they are offered. */
export type SelectOptions = ReadonlyArray<readonly [value: string, label: string]>;

/** One `<option>` a pair. */
export function OptionList({ options }: { options: SelectOptions }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/**
 * A labelled select beside `TextField`: the same label, hint and announced error. The choices
 * are its children (options or optgroups), or `options` for plain pairs.
 */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  options,
  children,
  ...select
}: ComponentProps<'select'> & FieldChromeProps & { options?: SelectOptions }) {
  const { inputId, controlProps } = useFieldIds(id, { hint, error });
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <select
        className={cn(SELECT_CLASS, error ? 'border-red-600' : 'border-stone-300')}
        {...controlProps}
        {...select}
      >
        {options ? <OptionList options={options} /> : null}
        {children}
      </select>
    </FieldShell>
  );
}
