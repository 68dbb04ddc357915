/** Business constants and limits of docs/spec.md §9. */
export const MOBILE_BREAKPOINT_PX = 768;
/** docs/spec.md §2: the user agents that count as mobile whatever the window width. */
export const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;
export const MESSAGE_MIN_LENGTH = 1;
export const MESSAGE_MAX_LENGTH = 2000;
export const SEARCH_TERM_MAX_LENGTH = 100;
export const SUGGESTIONS_MIN_TERM_LENGTH = 2;
export const SUGGESTIONS_DEFAULT_LIMIT = 5;
export const MESSAGE_PAGE_SIZE = 50;
/** Conversations per page of the list (issue 17): what a tall inbox shows, and the most asked. */
export const CONVERSATION_PAGE_SIZE = 30;
export const CONVERSATION_PAGE_MAX = 100;
/** Characters of the last message a list row carries; the thread has the full text. */
export const CONVERSATION_PREVIEW_LENGTH = 200;
export const POLL_INTERVAL_MS = 30_000;
export const RECENT_CONVERSATIONS_DAYS = 30;
export const SEARCH_STATS_RECENT_DAYS = 7;
export const CONVERSATION_SEARCH_DEBOUNCE_MS = 300;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_EXIT_ANIMATION_MS = 300;
export const UNREAD_BADGE_CAP = 99;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/** Account security (issue 2). */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_TOKEN_TTL_S = 60 * 60;
/** Reset mails one account can be sent per window, whoever asks (per-IP limits come on top). */
export const PASSWORD_RESET_MAX_PER_ACCOUNT = 3;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;

/**
 * Abuse limits (issue 26), counted in PostgreSQL so they hold across instances; past one the
 * answer is 429 with Retry-After. A renter holds at most this many upcoming (requested or
 * confirmed) tours of one listing, and books at most so many tours an hour; an account files
 * at most so many reports and uploads at most so many photos an hour.
 */
export const LIVE_TOURS_PER_LISTING_MAX = 2;
export const TOUR_BOOKINGS_PER_HOUR_MAX = 10;
export const REPORTS_PER_HOUR_MAX = 10;
export const PHOTO_UPLOADS_PER_HOUR_MAX = 60;
export const DOCUMENT_UPLOADS_PER_HOUR_MAX = 30;
export const ABUSE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export const USER_TYPES = ['renter', 'landlord', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Roles a person may pick at sign-up; admins are made by `npm run user:create-admin`. */
export const SIGN_UP_USER_TYPES = ['renter', 'landlord'] as const;

export const STORAGE_KEYS = {
  searchFilters: 'stoop.searchFilters',
  notes: (userId: string) => `stoop.notes.${userId}`,
  /** Who was signed in last (id, email, name, userType): the offline start-up's hint. */
  lastUser: 'stoop.lastUser',
} as const;
