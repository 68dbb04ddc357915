import type { LandlordProfile } from '../../../../shared/schemas/billing.ts';
import { replyRateText, replyTimeText } from '../../../lib/response-figures.ts';

/** The response figures renters see, computed by Stoop from messaging (read-only). */
export function ResponseStats({
  profile,
}: {
  profile: Pick<LandlordProfile, 'medianFirstReplyMinutes' | 'replyRate'>;
}) {
  const time = replyTimeText(profile.medianFirstReplyMinutes);
  const rate = replyRateText(profile.replyRate);
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3" data-testid="response-stats">
        <div className="rounded-xl bg-stone-50 p-4">
          <dt className="text-sm text-stone-600">Median first reply</dt>
          <dd className="mt-1 text-lg font-semibold text-stone-900">
            {time ? time.replace(/^within /, '') : 'No replies yet'}
          </dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-4">
          <dt className="text-sm text-stone-600">Reply rate</dt>
          <dd className="mt-1 text-lg font-semibold text-stone-900">{rate ?? 'No messages yet'}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-stone-600">
        From conversations renters started in the last 90 days. Reply sooner to improve them.
      </p>
    </div>
  );
}
