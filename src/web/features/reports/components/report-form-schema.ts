import { zodResolver } from '@hookform/resolvers/zod';
import { CreateReportSchema } from '../../../../shared/schemas/reports.ts';

/**
 * The form's part of the shared `CreateReportSchema` (reason and details; the listing or
 * conversation comes from where the form opened), so the form and the API agree on every rule
 * and message.
 */
export const ReportFormSchema = CreateReportSchema.options[0].pick({ reason: true, details: true });

export const reportFormResolver = zodResolver(ReportFormSchema);
