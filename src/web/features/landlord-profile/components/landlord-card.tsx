import type { LandlordProfile } from '../../../../shared/schemas/billing.ts';
import { initials, memberSinceText, replyRateText, replyTimeText } from '../format.ts';

type CardProfile = Pick<
  LandlordProfile,
  | 'displayName'
  | 'bio'
  | 'languages'
  | 'photoUrl'
  | 'medianFirstReplyMinutes'
  | 'replyRate'
  | 'memberSince'
>;

/**
 * The landlord's public card as renters see it beside a listing: photo or initials, name,
 * response figures, languages and bio. The phone is not on it (renters message through Stoop).
 */
export function LandlordCard({ profile }: { profile: CardProfile }) {
  const replyTime = replyTimeText(profile.medianFirstReplyMinutes);
  const replyRate = replyRateText(profile.replyRate);
  const name = profile.displayName.trim() || 'Your name';
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      data-testid="landlord-card"
    >
      <div className="flex items-center gap-3">
        {profile.photoUrl ? (
          <img
            src={profile.photoUrl}
            alt=""
            width={56}
            height={56}
            className="size-14 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white"
          >
            {initials(name)}
          </span>
        )}
        <div className="min-w-0">
          <p className="text-sm text-stone-600">Listed by</p>
          <p className="truncate font-semibold text-stone-900">{name}</p>
          <p className="text-xs text-stone-600">{memberSinceText(profile)}</p>
        </div>
      </div>
      {replyTime || replyRate ? (
        <p className="text-sm text-stone-800">
          {replyTime ? `Usually replies ${replyTime}` : null}
          {replyTime && replyRate ? ' · ' : null}
          {replyRate ? `${replyRate} reply rate` : null}
        </p>
      ) : null}
      {profile.languages.length > 0 ? (
        <p className="text-sm text-stone-800">Speaks {profile.languages.join(', ')}</p>
      ) : null}
      {profile.bio ? (
        <p className="text-sm whitespace-pre-line text-stone-700">{profile.bio}</p>
      ) : null}
    </div>
  );
}
