/** The applications' zod checks, loaded on first use (see parsers.ts). */
export const loadParsers = () => import('./parsers.ts');
