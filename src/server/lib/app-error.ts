import { ERRORS, type ErrorCode } from '../../shared/errors.ts';

/**
 * The one error type services throw; `app.onError` turns it into the error body of
 * docs/architecture.md §4.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}
