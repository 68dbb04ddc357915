import type { Ref } from 'react';
import { Link } from 'react-router';
import { incomeMultipleOf } from '../../../../shared/applications.ts';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import type { RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import type { RenterProfile } from '../../../../shared/schemas/renter-profile.ts';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { documentLabel, formatMultiple } from '../criteria.ts';
import { formatDay } from '../format.ts';
import type { MissingItem } from '../missing.ts';

const NOT_GIVEN = 'Not given yet';

/** The income line: the monthly total and the multiple this listing's rent makes of it. */
function incomeWords(profile: RenterProfile | null, rentCents: number | null): string {
  if (!profile || profile.incomes.length === 0) return NOT_GIVEN;
  const monthly = profile.incomes.reduce((sum, income) => sum + income.monthlyCents, 0);
  const words = `${formatMoney(monthly)} a month`;
  if (rentCents === null) return words;
  const multiple = incomeMultipleOf(profile, rentCents);
  if (multiple === null) return `${words}; the program pays the whole rent`;
  // With a program paying part of the rent, the multiple is of the renter's share.
  return `${words}: ${formatMultiple(multiple)}× ${profile.voucher ? 'your share of the rent' : 'the rent'}`;
}

/** Name, income, occupants and move-in: the profile as the landlord will read it. */
export function ProfileSummary({
  profile,
  rentCents,
  moveInDate,
  settings,
}: {
  profile: RenterProfile | null;
  rentCents: number | null;
  /** The move-in date typed for this application, else the profile's. */
  moveInDate: string;
  settings: ApplicationSettings;
}) {
  const multiple =
    profile && rentCents !== null && profile.incomes.length > 0
      ? incomeMultipleOf(profile, rentCents)
      : undefined;
  const below =
    settings.incomeMultiple !== null &&
    multiple !== undefined &&
    multiple !== null &&
    multiple < settings.incomeMultiple;
  const moveIn = moveInDate || profile?.moveInDate;
  const rows: Array<[string, string]> = [
    ['Name', profile?.legalName ?? NOT_GIVEN],
    ['Income', incomeWords(profile, rentCents)],
    ...(profile?.voucher
      ? [
          [
            'Voucher or program',
            `${profile.voucher.program}: ${formatMoney(profile.voucher.monthlyCents)} a month`,
          ] as [string, string],
        ]
      : []),
    ['Occupants', profile?.occupants === undefined ? NOT_GIVEN : String(profile.occupants)],
    ['Move-in', moveIn ? formatDay(moveIn) : NOT_GIVEN],
  ];
  return (
    <section aria-labelledby="apply-sent-heading" className="flex flex-col gap-2">
      <h3 id="apply-sent-heading" className="font-semibold text-stone-900">
        What will be sent
      </h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="break-words text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {below && settings.incomeMultiple !== null ? (
        <p className="text-sm text-stone-700">
          This listing asks for {formatMultiple(settings.incomeMultiple)}× the rent. You can still
          apply.
        </p>
      ) : null}
    </section>
  );
}

/** The renter's documents to tick; the kinds the listing asks for are marked (and ticked first). */
export function DocumentChoice({
  documents,
  settings,
  chosen,
  onToggle,
}: {
  documents: readonly RenterDocument[];
  settings: ApplicationSettings;
  chosen: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  const asked = new Set(settings.requiredDocuments);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-stone-900">Documents to send</legend>
      {documents.length === 0 ? (
        <p className="text-sm text-stone-700">
          You have no documents yet. Add them to your application profile.
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {documents.map((document) => (
            <li key={document.id}>
              <label className="flex items-start gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-stone-50">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  checked={chosen.includes(document.id)}
                  onChange={(event) => onToggle(document.id, event.target.checked)}
                />
                <span className="min-w-0 break-words">
                  <span className="font-medium text-stone-900">{documentLabel(document.kind)}</span>
                  {' · '}
                  {document.name}
                  {asked.has(document.kind) ? (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                      Asked for
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-stone-600">
        Only this listing's landlord can open them, while your application is open and for 30 days
        after it closes.
      </p>
    </fieldset>
  );
}

/** What still stops the application, with the way to the profile; or that nothing does. */
export function MissingList({
  items,
  listingId,
  ref,
}: {
  items: readonly MissingItem[];
  /** The profile page then lists what this listing still needs. */
  listingId: string;
  ref?: Ref<HTMLElement>;
}) {
  if (items.length === 0) {
    return (
      <p role="status" className="text-sm text-emerald-800" data-testid="apply-missing">
        Nothing is missing: your application is ready to send.
      </p>
    );
  }
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="apply-missing-heading"
      data-testid="apply-missing"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="apply-missing-heading" className="font-semibold">
        What's missing
      </h3>
      <ul className="mt-1 list-disc pl-5">
        {items.map((item) => (
          <li key={item.key}>{item.text}</li>
        ))}
      </ul>
      <Link
        to={paths.applicationProfile.href(listingId)}
        className="mt-2 inline-block font-semibold text-amber-950 underline"
      >
        Complete your application profile
      </Link>
    </section>
  );
}
