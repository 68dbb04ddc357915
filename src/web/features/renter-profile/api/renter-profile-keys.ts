/** Every renter-profile query key starts with 'renter-profile'. */
export const renterProfileKeys = {
  all: ['renter-profile'] as const,
  profile: ['renter-profile', 'profile'] as const,
  documents: ['renter-profile', 'documents'] as const,
};
