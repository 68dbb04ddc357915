import { z } from 'zod';
import { PUBLISH_MESSAGES } from '../listing-publish-messages.ts';

/**
 * What a listing needs before it may go live, with the message for each missing field. The
 * server checks the whole listing when it is published; the create wizard checks each step's
 * share of it before Continue, so a landlord never reaches Publish with a gap.
 */
export const PublishRequirementsSchema = z.object({
  description: z
    .string({ error: PUBLISH_MESSAGES.description })
    .trim()
    .min(20, { error: PUBLISH_MESSAGES.description }),
  address: z
    .string({ error: PUBLISH_MESSAGES.address })
    .trim()
    .min(1, { error: PUBLISH_MESSAGES.address }),
  neighborhood: z
    .string({ error: PUBLISH_MESSAGES.neighborhood })
    .min(1, { error: PUBLISH_MESSAGES.neighborhood }),
  lat: z.number({ error: PUBLISH_MESSAGES.location }),
  lng: z.number({ error: PUBLISH_MESSAGES.location }),
  rentCents: z.number({ error: PUBLISH_MESSAGES.rentCents }),
  bedrooms: z.number({ error: PUBLISH_MESSAGES.bedrooms }),
  bathrooms: z.number({ error: PUBLISH_MESSAGES.bathrooms }),
  availableFrom: z.string({ error: PUBLISH_MESSAGES.availableFrom }),
  leaseTermMonths: z.number({ error: PUBLISH_MESSAGES.leaseTermMonths }),
  pets: z.string({ error: PUBLISH_MESSAGES.pets }),
  laundry: z.string({ error: PUBLISH_MESSAGES.laundry }),
  photos: z.number().int().min(1, { error: PUBLISH_MESSAGES.photos }),
});

export type PublishField = keyof typeof PublishRequirementsSchema.shape;
export type PublishIssue = { path: PublishField; message: string };

function issuesOf(error: z.ZodError): PublishIssue[] {
  const seen = new Set<string>();
  const issues: PublishIssue[] = [];
  for (const issue of error.issues) {
    const path = String(issue.path[0]) as PublishField;
    // lat and lng are one "location" to the landlord.
    const key = path === 'lng' ? 'lat' : path;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path: key, message: issue.message });
  }
  return issues;
}

/** The missing fields of a listing (null or absent values are missing), in form order. */
export function publishIssues(listing: Partial<Record<PublishField, unknown>>): PublishIssue[] {
  const result = PublishRequirementsSchema.safeParse(listing);
  return result.success ? [] : issuesOf(result.error);
}

/** The same requirements for some of the fields only (one step of the create wizard). */
export function publishIssuesOf(
  fields: readonly PublishField[],
  values: Partial<Record<PublishField, unknown>>,
): PublishIssue[] {
  const mask: Partial<Record<PublishField, true>> = {};
  for (const field of fields) mask[field] = true;
  const result = PublishRequirementsSchema.pick(mask).safeParse(values);
  return result.success ? [] : issuesOf(result.error);
}
