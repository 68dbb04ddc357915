import type { DocumentKind, RenterDocument } from '../../../shared/schemas/renter-documents.ts';
import { PROFILE_FIELD_LABELS, type ProfileField } from '../../../shared/schemas/renter-profile.ts';
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
  for (const kind of input.requiredKinds) {
    const ofKind = input.documents.filter((document) => document.kind === kind);
    if (ofKind.length === 0) {
      items.push({
        key: `upload.${kind}`,
        text: `${documentLabel(kind)}: upload one to your profile`,
      });
    } else if (!ofKind.some((document) => chosen.has(document.id))) {
      items.push({ key: `choose.${kind}`, text: `${documentLabel(kind)}: choose one to send` });
    }
  }
  return items;
}
