import { z } from 'zod';
import {
  type LandlordProfile,
  LandlordProfileInputSchema,
  LandlordProfileSchema,
} from '../../../../shared/schemas/billing.ts';

/*
 * The profile's zod checks. Imported only dynamically (`loadParsers`), so zod loads beside the
 * first request instead of in the page's initial JS (decision 012).
 */

const AnswerSchema = z.union([LandlordProfileSchema, z.object({ profile: LandlordProfileSchema })]);

/** The profile, alone or wrapped (`{ profile }`). */
export const profile = (data: unknown): LandlordProfile => {
  const answer = AnswerSchema.parse(data);
  return 'profile' in answer ? answer.profile : answer;
};

/** The upload's answer when it is the profile; null when it is something else. */
export const profileOrNull = (data: unknown): LandlordProfile | null => {
  const answer = AnswerSchema.safeParse(data);
  if (!answer.success) return null;
  return 'profile' in answer.data ? answer.data.profile : answer.data;
};

export const profileInput = LandlordProfileInputSchema;
