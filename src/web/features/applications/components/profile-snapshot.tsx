import type { ReactNode } from 'react';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { formatMoney } from '../../../lib/format.ts';
import { dayText, monthText } from '../words.ts';

type Snapshot = NonNullable<Application['profile']>;

const SOURCE: Record<Snapshot['incomes'][number]['source'], string> = {
  employment: 'Employment',
  self_employment: 'Self-employment',
  benefits: 'Benefits',
  other: 'Other income',
};
const PET: Record<Snapshot['pets'][number]['kind'], [string, string]> = {
  dog: ['dog', 'dogs'],
  cat: ['cat', 'cats'],
  other: ['other pet', 'other pets'],
};

function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-stone-600">{term}</dt>
          <dd className="font-medium break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** The profile as the renter sent it: later edits to their profile do not change it. */
export function ProfileSnapshot({ application }: { application: Application }) {
  if (!application.profile) {
    return <p className="text-sm text-stone-700">Only the applicant and the landlord see this.</p>;
  }
  return (
    <ProfileFacts
      profile={application.profile}
      rentCents={application.rentCents}
      moveInDate={application.moveInDate}
      message={application.message}
      about="About the applicant"
    />
  );
}

/**
 * One person's profile as sent (the primary's, or a co-applicant's or guarantor's as they
 * joined): who, income, rental history, their own words.
 */
export function ProfileFacts({
  profile,
  rentCents,
  moveInDate,
  message,
  about,
}: {
  profile: Snapshot;
  rentCents: number;
  moveInDate: string | null;
  message: string | null;
  about: string;
}) {
  const pets =
    profile.pets.length === 0
      ? 'None'
      : profile.pets
          .map((pet) => `${pet.count} ${PET[pet.kind][pet.count === 1 ? 0 : 1]}`)
          .join(', ');
  const share = profile.voucher ? rentCents - profile.voucher.monthlyCents : null;
  return (
    <div className="flex flex-col gap-6">
      <Part title={about}>
        <Facts
          rows={[
            ['Legal name', profile.legalName ?? '—'],
            ['Phone', profile.phone ?? '—'],
            ['Current address', profile.currentAddress ?? '—'],
            [
              'Move-in',
              moveInDate
                ? dayText(moveInDate)
                : profile.moveInDate
                  ? dayText(profile.moveInDate)
                  : '—',
            ],
            ['Occupants', profile.occupants === undefined ? '—' : String(profile.occupants)],
            ['Pets', pets],
          ]}
        />
      </Part>
      <Part title="Income">
        {profile.incomes.length === 0 ? (
          <p className="text-sm text-stone-700">No income listed.</p>
        ) : (
          <ul aria-label="Income" className="flex flex-col gap-2 text-sm">
            {profile.incomes.map((income, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a sent copy never changes
                key={index}
                className="flex flex-col gap-0.5 rounded-lg bg-stone-50 px-3 py-2 sm:flex-row sm:justify-between"
              >
                <span className="min-w-0 break-words text-stone-800">
                  {SOURCE[income.source]}
                  {income.employer ? ` · ${income.employer}` : ''}
                  {income.title ? ` · ${income.title}` : ''}
                  {income.since ? ` · since ${monthText(income.since)}` : ''}
                </span>
                <span className="shrink-0 font-medium text-stone-900">
                  {formatMoney(income.monthlyCents)} a month
                </span>
              </li>
            ))}
          </ul>
        )}
        {profile.voucher && share !== null ? (
          <p className="mt-2 text-sm text-stone-800">
            {profile.voucher.program} pays {formatMoney(profile.voucher.monthlyCents)} a month of
            the rent; the applicant's share is {formatMoney(Math.max(share, 0))}.
          </p>
        ) : null}
      </Part>
      <Part title="Rental history">
        {profile.rentalHistory.length === 0 ? (
          <p className="text-sm text-stone-700">No rental history listed.</p>
        ) : (
          <ul aria-label="Rental history" className="flex flex-col gap-2 text-sm">
            {profile.rentalHistory.map((home, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a sent copy never changes
              <li key={index} className="rounded-lg bg-stone-50 px-3 py-2 text-stone-800">
                <p className="font-medium break-words text-stone-900">{home.address}</p>
                <p>
                  {monthText(home.from)} – {home.to ? monthText(home.to) : 'now'}
                  {home.monthlyRentCents !== undefined
                    ? ` · ${formatMoney(home.monthlyRentCents)} a month`
                    : ''}
                </p>
                {home.landlordName || home.landlordContact ? (
                  <p className="break-words">
                    Landlord: {[home.landlordName, home.landlordContact].filter(Boolean).join(', ')}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Part>
      {message || profile.about ? (
        <Part title="In their words">
          {message ? (
            <blockquote className="rounded-lg bg-stone-50 px-3 py-2 text-sm break-words whitespace-pre-line text-stone-900">
              {message}
            </blockquote>
          ) : null}
          {profile.about ? (
            <p className="mt-2 text-sm break-words whitespace-pre-line text-stone-800">
              {profile.about}
            </p>
          ) : null}
        </Part>
      ) : null}
    </div>
  );
}
