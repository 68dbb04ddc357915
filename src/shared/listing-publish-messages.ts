/** What the landlord is told for each field a listing needs before it can go live. */
export const PUBLISH_MESSAGES = {
  description: 'Describe the apartment (at least 20 characters).',
  address: 'Enter the street address.',
  neighborhood: 'Choose a neighborhood.',
  location: 'Set the location.',
  rentCents: 'Enter the monthly rent.',
  bedrooms: 'Enter the number of bedrooms (0 for a studio).',
  bathrooms: 'Enter the number of bathrooms.',
  availableFrom: 'Enter the date it is available from.',
  leaseTermMonths: 'Enter the lease term.',
  pets: 'Say whether pets are allowed.',
  laundry: 'Say where the laundry is.',
  photos: 'Add at least one photo.',
} as const;
