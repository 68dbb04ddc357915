import { PublicConfigSchema } from '../../../shared/schemas/config.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

/** Public settings in /api/openapi.json (issue 15). */
export const configApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/config',
    summary:
      'Public settings the web app needs (no secrets, cacheable for 5 minutes): the chatbot’s script URLs and ids, or chatbot null when it is not configured',
    tags: ['platform'],
    response: PublicConfigSchema,
  },
];
