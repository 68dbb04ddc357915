import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '../../../../shared/schemas/health.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

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
  queryKey: ['health'],
  queryFn: fetchHealth,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
  retryDelay: 400,
  refetchOnWindowFocus: false,
});

export function useHealth() {
  return useQuery(healthQueryOptions);
}
