/**
 * docs/spec.md §2: an address carries a password-recovery marker when its query or hash has
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

/**
 * What /reset-password reads from its address. The token is in the fragment (`#token=…`), which
 * browsers never send to a server or proxy; a token in the query is not accepted, so no link that
 * would leave one in an access log works. `failed`: the address carries an error code.
 */
export function readResetLink(
  search: string,
  hash: string,
): { token: string | null; failed: boolean } {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fragment.get('token');
  const failed = [query, fragment].some((p) => p.has('error_code') || p.has('error'));
  return { token: token && token.length > 0 ? token : null, failed };
}
