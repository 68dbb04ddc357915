/** Both dashboards' queries; a live event or a stream resync refetches them. */
export const dashboardsKeys = {
  all: ['dashboards'] as const,
  landlordStats: ['dashboards', 'landlord-stats'] as const,
  renter: ['dashboards', 'renter'] as const,
  applicationCounts: ['dashboards', 'application-counts'] as const,
};
