import { UNREAD_BADGE_CAP } from '../../../shared/constants.ts';

/** docs/spec.md §2: the unread badge shows the total, capped at 99+; nothing when zero. */
export function unreadBadgeText(total: number): string | null {
  if (!Number.isFinite(total) || total <= 0) return null;
  return total > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(total));
}
