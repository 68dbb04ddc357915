/**
 * Spec §2: an address carries a password-recovery marker when its query or hash has
 * `type=recovery`, or an error code `otp_expired` / `access_denied` (in `error_code` or `error`).
 */
const ERROR_MARKERS = new Set(['otp_expired', 'access_denied']);

function hasMarker(params: URLSearchParams): boolean {
  if (params.get('type') === 'recovery') return true;
  for (const key of ['error_code', 'error']) {
    const value = params.get(key);
    if (value !== null && ERROR_MARKERS.has(value)) return true;
  }
  return false;
}

function paramsOf(part: string): URLSearchParams {
  const trimmed = part.replace(/^[?#]/, '');
  // A hash may itself look like a path with a query (`#/x?type=recovery`): read both halves.
  const query = trimmed.includes('?') ? trimmed.slice(trimmed.indexOf('?') + 1) : trimmed;
  return new URLSearchParams(query);
}

export function hasRecoveryMarker(search: string, hash: string): boolean {
  return hasMarker(paramsOf(search)) || hasMarker(paramsOf(hash));
}

/** Where a recovery address goes: /reset-password with the same query and hash. */
export function recoveryTarget(search: string, hash: string): string {
  return `/reset-password${search}${hash}`;
}
