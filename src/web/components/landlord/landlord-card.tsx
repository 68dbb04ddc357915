import {
  initials,
  memberSinceText,
  replyRateText,
  replyTimeText,
} from '../../lib/response-figures.ts';

/** What the card shows: the listing's `landlord` or the landlord's own profile. */
export type LandlordCardData = {
  name: string;
  photoUrl?: string | null | undefined;
  bio?: string | null | undefined;
  languages?: readonly string[] | undefined;
  medianFirstReplyMinutes?: number | null | undefined;
  replyRate?: number | null | undefined;
  memberSince?: string | undefined;
};

/**
 * The landlord as renters see them beside a listing: photo or initials, name, since when, the
 * response figures, languages and bio. Never the phone: renters write through Stoop.
 */
export function LandlordCardBody({ landlord }: { landlord: LandlordCardData }) {
  const name = landlord.name.trim() || 'Your name';
  const since = memberSinceText(landlord.memberSince);
  const replyTime = replyTimeText(landlord.medianFirstReplyMinutes);
  const replyRate = replyRateText(landlord.replyRate);
  const languages = landlord.languages ?? [];
  return (
    <div className="flex flex-col gap-3" data-testid="landlord-card">
      <div className="flex items-center gap-3">
        {landlord.photoUrl ? (
          <img
            src={landlord.photoUrl}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white"
          >
            {initials(name)}
          </span>
        )}
        <div className="min-w-0">
          <p className="text-sm text-stone-600">Listed by</p>
          <p className="truncate font-semibold text-stone-900">{name}</p>
          {since ? <p className="text-xs text-stone-600">{since}</p> : null}
        </div>
      </div>
      {replyTime || replyRate ? (
        <p className="text-sm text-stone-800">
          {replyTime ? `Usually replies ${replyTime}` : null}
          {replyTime && replyRate ? ' · ' : null}
          {replyRate ? `${replyRate} reply rate` : null}
        </p>
      ) : null}
      {languages.length > 0 ? (
        <p className="text-sm text-stone-800">Speaks {languages.join(', ')}</p>
      ) : null}
      {landlord.bio ? (
        <p className="text-sm whitespace-pre-line text-stone-700">{landlord.bio}</p>
      ) : null}
    </div>
  );
}
