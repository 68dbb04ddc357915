/*
 * A form's errors by field path, from zod issues or the server's `details` of a 400. Forms that
 * take money in dollars name their cents fields: a schema message about cents is said in dollars.
 */

export type FieldErrors = Record<string, string>;

export type FieldIssue = { path: string; message: string };

/** One message per field path, the first for each; fields matching `moneyField` in dollars. */
export function fieldErrorsOf(issues: ReadonlyArray<FieldIssue>, moneyField: RegExp) {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    errors[path] ??=
      moneyField.test(path) && /cents/.test(message)
        ? 'Enter an amount in dollars, like 2500 or 2500.50.'
        : message;
  }
  return errors;
}

/** The server's `details` of a 400, when they are `[{ path, message }]`. */
export function detailsOf(details: unknown): FieldIssue[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is FieldIssue =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as { path?: unknown }).path === 'string' &&
      typeof (d as { message?: unknown }).message === 'string',
  );
}
