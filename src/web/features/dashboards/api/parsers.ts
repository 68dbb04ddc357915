import { ApplicationCountsSchema } from '../../../../shared/schemas/applications.ts';
import { LandlordStatsSchema, RenterDashboardSchema } from '../../../../shared/schemas/billing.ts';

/*
 * The dashboards' answers checked by the shared schemas. Imported only dynamically, so zod loads
 * beside the first request instead of in the page's initial JS (decision 012).
 */
export const landlordStats = LandlordStatsSchema.parse;
export const renterDashboard = RenterDashboardSchema.parse;
export const applicationCounts = ApplicationCountsSchema.parse;
