import { zodResolver } from '@hookform/resolvers/zod';
import { ResolveReportSchema } from '../../../../shared/schemas/reports.ts';

/**
 * The resolve form's check, by the shared schema. Imported only dynamically
 * (resolve-report-form.tsx), so zod stays out of /admin's first load (decision 012).
 */
export const resolveReportResolver = zodResolver(ResolveReportSchema);
