import { zodResolver } from '@hookform/resolvers/zod';
import { CreateReportSchema } from '../../../../shared/schemas/reports.ts';

/**
 * The form validates with the API's own schema: its values carry the listing or conversation id
 * (from where the form opened) besides the reason and details, so the form and the API agree on
 * every rule and message.
 */
export const reportFormResolver = zodResolver(CreateReportSchema);
