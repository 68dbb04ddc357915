/**
 * docs/spec.md §6: the path fragments a landlord may visit; anything else sends them to their
 * dashboard. Shared: the server answers a confined page with the redirect itself, and the web
 * app's guard moves a landlord who navigates there.
 */
export const LANDLORD_ALLOWED_FRAGMENTS = [
  '/landlord/',
  '/login',
  '/register/',
  '/about',
  '/chat',
  '/listings/',
] as const;

/** Dev tools outside the spec's route table (docs/decisions/011-web-routing-and-guards.md). */
const DEV_TOOLS_PREFIX = '/dev/';

export const LANDLORD_HOME = '/landlord/dashboard';

/** Where a landlord on `pathname` must go instead, or null when they may stay. */
export function landlordConfinementTarget(pathname: string): string | null {
  if (pathname.startsWith(DEV_TOOLS_PREFIX)) return null;
  return LANDLORD_ALLOWED_FRAGMENTS.some((fragment) => pathname.includes(fragment))
    ? null
    : LANDLORD_HOME;
}
