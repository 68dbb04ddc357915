import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatBathrooms, formatBedrooms, formatMoney } from '../../../lib/format.ts';
import type { PublishIssue } from '../api/listing-editor-api.ts';
import { type ListingFormValues, payloadOf } from '../listing-form-values.ts';
import { StepButtons } from './step-buttons.tsx';

const numberOrNull = (value: string) =>
  value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value);

type ReviewStepProps = {
  values: ListingFormValues;
  photoCount: number;
  issues: readonly PublishIssue[];
  publishing: boolean;
  onBack: () => void;
  onPublish: () => void;
  /** The listing's application criteria (issue 28), set before it goes live. */
  criteria?: ReactNode;
};

/** Step 6: what the draft holds, what still stops it going live, and Publish. */
export function ReviewStep({
  values,
  photoCount,
  issues,
  publishing,
  onBack,
  onPublish,
  criteria,
}: ReviewStepProps) {
  const rentCents = payloadOf('price', values).rentCents ?? null;
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[180px_1fr]">
        <dt className="font-semibold text-stone-900">Title</dt>
        <dd className="text-stone-800">{values.title}</dd>
        <dt className="font-semibold text-stone-900">Address</dt>
        <dd className="text-stone-800">
          {[values.address, values.unit].filter(Boolean).join(', ') || 'Missing'}
        </dd>
        <dt className="font-semibold text-stone-900">On the map</dt>
        <dd className="text-stone-800">
          {values.showExactLocation ? 'The exact location' : 'The block, not the door'}
        </dd>
        <dt className="font-semibold text-stone-900">Rent</dt>
        <dd className="text-stone-800" data-testid="review-rent">
          {rentCents === null || Number.isNaN(rentCents)
            ? 'Missing'
            : `${formatMoney(rentCents)}/mo`}
        </dd>
        <dt className="font-semibold text-stone-900">Bedrooms / bathrooms</dt>
        <dd className="text-stone-800">
          {[
            formatBedrooms(numberOrNull(values.bedrooms)),
            formatBathrooms(numberOrNull(values.bathrooms)),
          ]
            .filter(Boolean)
            .join(' · ') || 'Missing'}
        </dd>
        <dt className="font-semibold text-stone-900">Photos</dt>
        <dd className="text-stone-800">{photoCount}</dd>
      </dl>
      {issues.length > 0 ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">Before it can go live:</p>
          <ul className="ml-5 list-disc">
            {issues.map((issue) => (
              <li key={issue.path}>{issue.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {criteria}
      <p className="text-sm text-stone-700">
        Your draft is saved. Publish it to show it in search.
      </p>
      <StepButtons onBack={onBack}>
        <Button pending={publishing} onClick={onPublish}>
          Publish listing
        </Button>
      </StepButtons>
    </div>
  );
}
