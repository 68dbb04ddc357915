/*
 * A landlord's response figures in words (issue 14), for the public card and the profile page.
 * Hand-written, no Intl: the card is on the listing page (see lib/format.ts).
 */

/** The median first reply: "within 42 minutes", "within about 3 hours", "within about 2 days". */
export function replyTimeText(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined) return null;
  if (minutes < 1) return 'within a minute';
  if (minutes < 60) {
    const m = Math.round(minutes);
    return `within ${m} minute${m === 1 ? '' : 's'}`;
  }
  const hours = minutes / 60;
  if (hours < 24) {
    const h = Math.round(hours);
    return `within about ${h} hour${h === 1 ? '' : 's'}`;
  }
  const days = Math.round(hours / 24);
  return `within about ${days} day${days === 1 ? '' : 's'}`;
}

/** 0.93 -> "93%". */
export function replyRateText(rate: number | null | undefined): string | null {
  return rate === null || rate === undefined ? null : `${Math.round(rate * 100)}%`;
}

/** Up to two initials for a card without a photo. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** "On Stoop since 2024" (the year of the UTC instant: a few hours' error on New Year's Eve). */
export function memberSinceText(memberSince: string | undefined): string | null {
  const year = memberSince?.slice(0, 4);
  return year && /^\d{4}$/.test(year) ? `On Stoop since ${year}` : null;
}
