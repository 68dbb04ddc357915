import type { ComponentProps } from 'react';
import { type FieldChromeProps, FieldShell, useFieldIds } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';

/** A labelled textarea beside `TextField`: the same label, hint and announced error. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ...textarea
}: ComponentProps<'textarea'> & FieldChromeProps) {
  const { inputId, controlProps } = useFieldIds(id, { hint, error });
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <textarea
        rows={4}
        {...controlProps}
        {...textarea}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30',
          error ? 'border-red-600' : 'border-stone-300',
        )}
      />
    </FieldShell>
  );
}
