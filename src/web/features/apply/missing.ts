import { PROFILE_FIELD_LABELS } from '../../../shared/renter-profile.ts';
import type { DocumentKind, RenterDocument } from '../../../shared/schemas/renter-documents.ts';
import type { ProfileField } from '../../../shared/schemas/renter-profile.ts';
import { documentLabel } from './criteria.ts';

/*
 * What stops an application from going out, as the apply dialog lists it: the profile's missing
 * fields (the server's own `missing`), and each document kind the listing asks for that the
 * renter has not uploaded, or has but did not choose to send.
 */

export type MissingItem = { key: string; text: string };

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export function missingItems(input: {
  missingFields: readonly ProfileField[];
  requiredKinds: readonly DocumentKind[];
  documents: readonly RenterDocument[];
  chosen: readonly string[];
}): MissingItem[] {
  const items: MissingItem[] = input.missingFields.map((field) => ({
    key: `profile.${field}`,
    text: `${capitalized(PROFILE_FIELD_LABELS[field])}: add it to your profile`,
  }));
  const chosen = new Set(input.chosen);
  const notUploaded = new Set(kindsNotUploaded(input.requiredKinds, input.documents));
  for (const kind of input.requiredKinds) {
    if (notUploaded.has(kind)) {
      items.push({
        key: `upload.${kind}`,
        text: `${documentLabel(kind)}: upload one to your profile`,
      });
    } else if (!input.documents.some((d) => d.kind === kind && chosen.has(d.id))) {
      items.push({ key: `choose.${kind}`, text: `${documentLabel(kind)}: choose one to send` });
    }
  }
  return items;
}

/** The kinds a listing asks for that the renter has no document of, in the listing's order. */
export function kindsNotUploaded(
  requiredKinds: readonly DocumentKind[],
  documents: readonly Pick<RenterDocument, 'kind'>[],
): DocumentKind[] {
  const have = new Set(documents.map((document) => document.kind));
  return requiredKinds.filter((kind) => !have.has(kind));
}
