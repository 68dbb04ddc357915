import type { LandlordProfile } from '../../../shared/schemas/billing.ts';

/** The median first reply in words: "within 42 minutes", "within about 3 hours", "within 2 days". */
export function replyTimeText(minutes: number | null): string | null {
  if (minutes === null) return null;
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
export function replyRateText(rate: number | null): string | null {
  return rate === null ? null : `${Math.round(rate * 100)}%`;
}

/** "Member since March 2024". */
export function memberSinceText(profile: Pick<LandlordProfile, 'memberSince'>): string {
  const date = new Date(profile.memberSince);
  const month = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'America/New_York',
  }).format(date);
  return `Member since ${month}`;
}

/** Up to two initials for the card without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}
