/** The forms' zod checks, loaded on first use (see form-schemas.ts). */
export const loadFormSchemas = () => import('./form-schemas.ts');
