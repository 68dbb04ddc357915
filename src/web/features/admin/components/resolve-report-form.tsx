import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REPORT_DETAILS_MAX } from '../../../../shared/reports.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { useResolveReport } from '../api/resolve-report.ts';

type Loaded = typeof import('./resolve-report-resolver.ts');

/** Loads with zod when the moderator first focuses the form, or at the first check. */
const { resolver, preload } = lazyResolver(() =>
  import('./resolve-report-resolver.ts').then(
    (m): Loaded['resolveReportResolver'] => m.resolveReportResolver,
  ),
);

const CHOICES = [
  {
    value: 'action-taken',
    label: 'Action taken',
    hint: 'The listing was taken down, an account suspended, or the landlord contacted.',
  },
  { value: 'dismissed', label: 'Dismiss', hint: 'Nothing against Stoop’s rules was found.' },
] as const;

/** Closes a report as dismissed or action taken, with a note for the audit log. */
export function ResolveReportForm({
  reportId,
  onResolved,
  onPendingChange,
}: {
  reportId: string;
  onResolved: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const resolve = useResolveReport();
  const toast = useToast();
  const noteId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { note: '' } });

  // Awaited, not mutate's callbacks: a live event's refetch can unmount the form before they run.
  const onSubmit = handleSubmit(async ({ resolution, note }) => {
    onPendingChange(true);
    try {
      await resolve.mutateAsync({ id: reportId, resolution, note: note ?? '' });
      toast.success(
        resolution === 'dismissed' ? 'Report dismissed.' : 'Report resolved: action taken.',
      );
      onResolved();
    } catch {
      // Shown above the button (resolve.error).
    } finally {
      onPendingChange(false);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void preload()}
      noValidate
      aria-label="Resolve this report"
      className="flex flex-col gap-4 border-t border-stone-200 pt-4"
    >
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.resolution ? errorId : undefined}
      >
        <legend className="mb-1 text-sm font-semibold text-stone-900">Resolve</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 text-sm',
                'hover:bg-stone-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50',
              )}
            >
              <input
                type="radio"
                value={choice.value}
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                {...register('resolution')}
              />
              <span>
                <span className="block font-semibold text-stone-900">{choice.label}</span>
                <span className="text-stone-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.resolution?.message ? (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {errors.resolution.message}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="text-sm font-medium text-stone-800">
          Note <span className="font-normal text-stone-600">(optional, kept in the audit log)</span>
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
          {...register('note')}
        />
        {errors.note?.message ? (
          <p className="text-sm font-medium text-red-700">{errors.note.message}</p>
        ) : null}
      </div>
      {resolve.error ? <ApiErrorAlert error={resolve.error} /> : null}
      <div className="flex justify-end">
        <Button type="submit" pending={resolve.isPending} className="max-sm:w-full">
          Resolve report
        </Button>
      </div>
    </form>
  );
}
