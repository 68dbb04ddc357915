import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '../../../../shared/reports.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions } from '../../../components/ui/modal-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreateReport } from '../api/create-report.ts';
import { reportFormResolver } from './report-form-schema.ts';
import { REPORT_SUCCESS_MESSAGE, type ReportTarget, reportNoun } from './report-target.ts';

type ReportFormProps = {
  target: ReportTarget;
  /** After the report is in (the success toast is already up). */
  onDone: () => void;
  onCancel: () => void;
  /** Tells the dialog a submit is running (it then refuses to close). */
  onPendingChange?: (pending: boolean) => void;
};

/**
 * Report a listing or a conversation: a reason (required) and optional details. Validated by
 * the shared schema; a refusal shows the server's message above the buttons.
 */
export function ReportForm({ target, onDone, onCancel, onPendingChange }: ReportFormProps) {
  const create = useCreateReport();
  const toast = useToast();
  const noun = reportNoun(target);
  const legendId = useId();
  const reasonErrorId = useId();
  const detailsId = useId();
  const countId = useId();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: reportFormResolver,
    defaultValues: { ...target, details: '' },
  });
  const details = watch('details') ?? '';

  const onSubmit = handleSubmit(async ({ reason, details: text }) => {
    onPendingChange?.(true);
    // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
    try {
      await create.mutateAsync({ ...target, reason, ...(text ? { details: text } : {}) });
      toast.success(REPORT_SUCCESS_MESSAGE);
      onDone();
    } catch {
      // Shown above the buttons (the mutation's error).
    } finally {
      onPendingChange?.(false);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Report this ${noun}`}
      className="flex flex-col gap-5"
    >
      <fieldset
        aria-labelledby={legendId}
        aria-describedby={errors.reason ? reasonErrorId : undefined}
        aria-invalid={errors.reason ? true : undefined}
        className="flex flex-col gap-2"
      >
        <legend id={legendId} className="mb-1 text-sm font-medium text-stone-800">
          What is wrong with this {noun}?
        </legend>
        {REPORT_REASONS.map((reason) => (
          <label
            key={reason}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 px-3 py-2 text-sm text-stone-800',
              'hover:bg-stone-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50',
            )}
          >
            <input
              type="radio"
              value={reason}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              {...register('reason')}
            />
            <span>{REPORT_REASON_LABELS[reason]}</span>
          </label>
        ))}
        {errors.reason?.message ? (
          <p id={reasonErrorId} className="text-sm font-medium text-red-700">
            {errors.reason.message}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={detailsId} className="text-sm font-medium text-stone-800">
          Details <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id={detailsId}
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          aria-describedby={countId}
          aria-invalid={errors.details ? true : undefined}
          placeholder="What happened? Anything that helps our team check it."
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm',
            'placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30',
            errors.details ? 'border-red-600' : 'border-stone-300',
          )}
          {...register('details')}
        />
        <div className="flex justify-between gap-3 text-sm">
          <span className="font-medium text-red-700">{errors.details?.message}</span>
          <span id={countId} className="text-stone-600" data-testid="details-count">
            {details.length.toLocaleString('en-US')} / {REPORT_DETAILS_MAX.toLocaleString('en-US')}
            <span className="sr-only"> characters</span>
          </span>
        </div>
      </div>

      <p className="text-sm text-stone-600">
        Reports are private: the {noun === 'listing' ? 'landlord' : 'other person'} is not told who
        sent it. Our team reviews every report.
      </p>

      {create.error ? <ApiErrorAlert error={create.error} /> : null}

      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={create.isPending}>
          Send report
        </Button>
      </DialogActions>
    </form>
  );
}
