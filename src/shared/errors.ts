import {
  DOCUMENT_UPLOADS_PER_HOUR_MAX,
  LIVE_TOURS_PER_LISTING_MAX,
  PHOTO_UPLOADS_PER_HOUR_MAX,
  REPORTS_PER_HOUR_MAX,
  TOUR_BOOKINGS_PER_HOUR_MAX,
} from './constants.ts';

/**
 * The closed error catalogue: every error the API sends has one of these codes.
 * Status and default message live here so the server and the web app agree.
 * Messages are those of docs/spec.md §8, word for word.
 */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'The request is not valid.' },
  UNAUTHENTICATED: { status: 401, message: 'You need to sign in first.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect password.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to perform this action.' },
  UNAUTHORIZED: { status: 403, message: 'You do not have permission to perform this action.' },
  CROSS_ORIGIN: { status: 403, message: 'Cross-origin requests are not allowed.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONVERSATION_NOT_FOUND: { status: 404, message: 'Conversation not found' },
  NOTE_NOT_FOUND: { status: 404, message: 'Note not found' },
  SAVED_SEARCH_NOT_FOUND: { status: 404, message: 'Saved search not found' },
  SAVED_SEARCH_LIMIT: {
    status: 409,
    message: 'You can keep up to 25 saved searches. Delete one to save another.',
  },
  ACCOUNT_SUSPENDED: {
    status: 403,
    message:
      'This account has been suspended. Contact support@stoop.nyc if you think this is a mistake.',
  },
  LISTING_UNPUBLISHED: {
    status: 409,
    message: 'This listing was taken down by Stoop moderators and cannot be published.',
  },
  CONFLICT: { status: 409, message: 'This conflicts with the current state.' },
  SLOT_TAKEN: { status: 409, message: 'That time was just taken. Please choose another.' },
  TOUR_STATE: { status: 409, message: 'This tour can no longer be changed that way.' },
  APPLICATION_EXISTS: {
    status: 409,
    message: 'You already have an open application for this listing.',
  },
  APPLICATION_STATE: {
    status: 409,
    message: 'This application can no longer be changed that way.',
  },
  PLAN_LIMIT: {
    status: 409,
    message: 'Your plan allows no more active listings. Upgrade your plan to publish this one.',
  },
  PAYMENT_FAILED: { status: 402, message: 'The payment did not go through.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  EMAIL_IN_USE: { status: 409, message: 'An account with this email already exists.' },
  WEAK_PASSWORD: { status: 400, message: 'Password should be at least 6 characters.' },
  INVALID_EMAIL: { status: 400, message: 'Please enter a valid email address.' },
  INVALID_TOKEN: { status: 400, message: 'This link is invalid or has expired.' },
  RATE_LIMITED: { status: 429, message: 'Too many failed attempts. Please try again later.' },
  MESSAGE_SEND_FAILED: { status: 500, message: 'Failed to send message' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable.' },
  INTERNAL: { status: 500, message: 'An unexpected error occurred.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * RATE_LIMITED's messages for the abuse limits of issue 26 (each a 429 with Retry-After): the
 * web app shows the server's message for RATE_LIMITED, so each says which limit was met.
 */
export const RATE_LIMIT_MESSAGES = {
  liveToursPerListing: `You can hold at most ${LIVE_TOURS_PER_LISTING_MAX} upcoming tours for this listing. Cancel one to book another.`,
  tourBookings: `You have booked ${TOUR_BOOKINGS_PER_HOUR_MAX} tours in the last hour. Try again later.`,
  reports: `You have filed ${REPORTS_PER_HOUR_MAX} reports in the last hour. Try again later.`,
  photoUploads: `You have uploaded ${PHOTO_UPLOADS_PER_HOUR_MAX} photos in the last hour. Try again later.`,
  documentUploads: `You have uploaded ${DOCUMENT_UPLOADS_PER_HOUR_MAX} documents in the last hour. Try again later.`,
} as const;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** The one error body shape of docs/architecture.md §4. */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; details?: unknown };
  requestId?: string;
};

/**
 * docs/spec.md §8 "friendly mappings": what the web app shows for a code. RATE_LIMITED keeps the
 * server's message: sign-in's is the spec's 'Too many failed attempts…', a message send says to
 * slow down. Sign-in never says which of email or password was wrong (see
 * docs/decisions/005-sign-in-errors.md).
 */
export const FRIENDLY_MESSAGES: Partial<Record<ErrorCode, string>> = {
  INVALID_CREDENTIALS: 'Incorrect password.',
  EMAIL_IN_USE: 'An account with this email already exists.',
  WEAK_PASSWORD: 'Password should be at least 6 characters.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  FORBIDDEN: 'You do not have permission to perform this action.',
};

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';

/** The message the web app shows for an error body (or a network failure). */
export function friendlyMessage(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = (body as { error: { code?: unknown; message?: unknown } }).error;
    if (isErrorCode(error.code)) {
      const friendly = FRIENDLY_MESSAGES[error.code];
      if (friendly) return friendly;
    }
    if (typeof error.message === 'string' && error.message.length > 0) return error.message;
  }
  return UNEXPECTED_ERROR_MESSAGE;
}
