import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '../../../../shared/schemas/health.ts';
import { pageQueryKeys } from '../../../../shared/ssr.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { NOT_LIVE } from '../../../lib/live/live-start.ts';

export type HealthCheck = HealthResponse & { roundTripMs: number };

function parseHealth(data: unknown): HealthResponse {
  const body = data as Partial<HealthResponse> | null;
  if (body?.status === 'ok' && body.db === 'ok') return { status: 'ok', db: 'ok' };
  throw new ApiError({
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is unavailable.',
  });
}

/** `GET /api/health`, timed: the round trip includes the server's database ping. */
export async function fetchHealth(): Promise<HealthCheck> {
  const started = performance.now();
  const health = await api('/api/health', { parse: parseHealth });
  return { ...health, roundTripMs: Math.round(performance.now() - started) };
}

export const healthQueryOptions = queryOptions({
  queryKey: pageQueryKeys.health,
  queryFn: fetchHealth,
  meta: NOT_LIVE,
  staleTime: Number.POSITIVE_INFINITY,
  // Offline there is nothing to retry: the start-up gate lets the app open on its cache.
  retry: (failures, error) => !isOffline(error) && failures < 2,
  retryDelay: 400,
  refetchOnWindowFocus: false,
  // Asked even when the browser says it is offline, so the gate learns it at once.
  networkMode: 'always',
});

/** No answer at all while the browser says it is offline (not a server or database fault). */
export function isOffline(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 0 &&
    typeof navigator !== 'undefined' &&
    !navigator.onLine
  );
}

export function useHealth() {
  return useQuery(healthQueryOptions);
}
