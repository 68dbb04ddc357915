import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/config.ts';
import { pageQueryKeys } from '../../../../shared/ssr.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export const publicConfigQueryKey = pageQueryKeys.publicConfig;

/**
 * Narrows `GET /api/config` to the shared `PublicConfigSchema`'s shape. Hand-written like
 * `parseMeResponse`: this file sits in the entry chunk, zod does not (decision 012).
 */
export function parsePublicConfig(data: unknown): PublicConfig {
  const styleUrl = (data as { map?: { styleUrl?: unknown } | null } | null)?.map?.styleUrl;
  const map = typeof styleUrl === 'string' ? { styleUrl } : null;
  const site = (data as { siteUrl?: unknown } | null)?.siteUrl;
  if (typeof site !== 'string') {
    throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
  }
  const siteUrl = site;
  const chatbot = (data as { chatbot?: unknown } | null)?.chatbot;
  if (chatbot === null) return { siteUrl, chatbot: null, map };
  const c = chatbot as Record<string, unknown> | undefined;
  if (
    typeof c === 'object' &&
    typeof c.injectScriptUrl === 'string' &&
    typeof c.botScriptUrl === 'string' &&
    typeof c.clientId === 'string' &&
    (c.botId === undefined || typeof c.botId === 'string')
  ) {
    return {
      siteUrl,
      chatbot: {
        injectScriptUrl: c.injectScriptUrl,
        botScriptUrl: c.botScriptUrl,
        clientId: c.clientId,
        ...(typeof c.botId === 'string' ? { botId: c.botId } : {}),
      },
      map,
    };
  }
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return api('/api/config', { parse: parsePublicConfig });
}

/** Settings change only with a server restart: asked once per page load. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: publicConfigQueryKey,
  queryFn: fetchPublicConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
  refetchOnWindowFocus: false,
});

export function usePublicConfig({ enabled }: { enabled: boolean }) {
  return useQuery({ ...publicConfigQueryOptions, enabled });
}
