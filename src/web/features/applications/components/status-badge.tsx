import type { ApplicationStatus } from '../../../../shared/schemas/applications.ts';
import { cn } from '../../../lib/cn.ts';
import { STATUS_LABEL, STATUS_TONE } from '../words.ts';

/** The status in words, as a pill. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      data-testid="application-status"
      className={cn(
        'inline-flex w-fit shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        STATUS_TONE[status],
      )}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
