import type { ReactNode } from 'react';
import type { Listing } from '../../../../shared/schemas/listing-responses.ts';
import { LandlordCardBody } from '../../../components/landlord/landlord-card.tsx';
import { cn } from '../../../lib/cn.ts';
import { costBreakdown } from '../costs.ts';
import {
  amenityName,
  feeName,
  formatBathrooms,
  formatBedrooms,
  formatDate,
  formatInteger,
  formatMoney,
  placeName,
} from '../format.ts';
import { ListingGallery } from './listing-gallery.tsx';

const PETS: Record<string, string> = {
  none: 'No pets',
  cats: 'Cats allowed',
  dogs: 'Dogs allowed',
  cats_and_dogs: 'Cats and dogs allowed',
};
const LAUNDRY: Record<string, string> = {
  in_unit: 'Laundry in unit',
  in_building: 'Laundry in building',
  none: 'No laundry',
};

export function listingFacts(listing: Listing): Array<[string, string]> {
  const facts: Array<[string, string]> = [];
  if (listing.bedrooms !== null) facts.push(['Bedrooms', formatBedrooms(listing.bedrooms)]);
  if (listing.bathrooms !== null) facts.push(['Bathrooms', formatBathrooms(listing.bathrooms)]);
  if (listing.sqft !== null) facts.push(['Size', `${formatInteger(listing.sqft)} sq ft`]);
  if (listing.availableFrom !== null) facts.push(['Available', formatDate(listing.availableFrom)]);
  if (listing.leaseTermMonths !== null) facts.push(['Lease', `${listing.leaseTermMonths} months`]);
  if (listing.pets !== null) facts.push(['Pets', PETS[listing.pets] ?? listing.pets]);
  if (listing.laundry !== null)
    facts.push(['Laundry', LAUNDRY[listing.laundry] ?? listing.laundry]);
  return facts;
}

export function listingAddress(listing: Listing): string {
  const street = [listing.address, listing.unit ? `Unit ${listing.unit}` : null]
    .filter(Boolean)
    .join(', ');
  return [street, placeName(listing.neighborhood, listing.borough)].filter(Boolean).join(' · ');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t border-stone-200 pt-6">
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function CostTable({
  caption,
  lines,
  total,
}: {
  caption: string;
  lines: Array<{ label: string; cents: number }>;
  total: number;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold text-stone-900">{caption}</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label} className="border-b border-stone-100">
            <th scope="row" className="py-1.5 text-left font-normal text-stone-700">
              {line.label}
            </th>
            <td className="py-1.5 text-right text-stone-900">{formatMoney(line.cents)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-1.5 text-left font-semibold text-stone-900">
            Total
          </th>
          <td className="py-1.5 text-right font-semibold text-stone-900">{formatMoney(total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

type ListingDetailsProps = {
  listing: Listing;
  layout: 'desktop' | 'mobile';
  /** Save button, composed by the page. */
  saveAction?: ReactNode;
  /** Landlord contact actions, composed by the page. */
  contactAction?: ReactNode;
  /** Applying (or the owner's applications), composed by the page, below the actions. */
  apply?: ReactNode;
  /** The tours section (booking, or the owner's note), composed by the page. */
  tours?: ReactNode;
  /** The location section (a small map, issue 16), composed by the page. */
  location?: ReactNode;
};

/** Everything about a listing: gallery, facts, costs, amenities, landlord, and the page's tours. */
export function ListingDetails({
  listing,
  layout,
  saveAction,
  contactAction,
  apply,
  tours,
  location,
}: ListingDetailsProps) {
  const costs =
    listing.rentCents === null ? null : costBreakdown(listing.rentCents, listing.fees, feeName);
  const showNet =
    listing.netEffectiveRentCents !== null &&
    listing.rentCents !== null &&
    listing.netEffectiveRentCents !== listing.rentCents;
  const landlordCard = (
    <aside
      aria-label="Landlord"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <p className="text-2xl font-bold text-stone-900">
        {listing.rentCents === null ? 'Price on request' : `${formatMoney(listing.rentCents)}/mo`}
      </p>
      {showNet && listing.netEffectiveRentCents !== null ? (
        <p className="text-sm text-brand-800">
          {formatMoney(listing.netEffectiveRentCents)}/mo net effective with {listing.freeMonths}{' '}
          {listing.freeMonths === 1 ? 'month' : 'months'} free
        </p>
      ) : null}
      <p className="text-sm font-medium text-brand-800">No broker fee</p>
      <div className="border-t border-stone-200 pt-3">
        <LandlordCardBody
          landlord={{
            ...listing.landlord,
            name: listing.landlord.displayName ?? listing.landlord.name,
          }}
        />
      </div>
      {/* Printed pages (a landlord's Print) show the listing, not the buttons. */}
      <div className="flex flex-col gap-2 print:hidden">
        {contactAction}
        {saveAction}
      </div>
      {apply ? <div className="print:hidden">{apply}</div> : null}
    </aside>
  );
  const facts = listingFacts(listing);
  return (
    <div
      className={cn(
        'grid gap-8',
        layout === 'desktop' ? 'lg:grid-cols-[1fr_320px]' : 'grid-cols-1',
      )}
    >
      <div className="flex min-w-0 flex-col gap-6">
        <ListingGallery photos={listing.photos} title={listing.title} />
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {listing.title}
          </h1>
          <p className="text-stone-700">{listingAddress(listing)}</p>
        </div>
        {layout === 'mobile' ? landlordCard : null}
        {facts.length > 0 ? (
          <Section title="Key facts">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {facts.map(([label, value]) => (
                <div key={label} className="rounded-lg bg-stone-50 p-3">
                  <dt className="text-xs font-medium text-stone-600 uppercase">{label}</dt>
                  <dd className="font-semibold text-stone-900">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
        ) : null}
        {listing.description ? (
          <Section title="About this apartment">
            <p className="whitespace-pre-line text-stone-800">{listing.description}</p>
          </Section>
        ) : null}
        {costs ? (
          <Section title="Costs">
            <div className="grid gap-6 sm:grid-cols-2">
              <CostTable
                caption="Every month"
                lines={costs.monthly}
                total={costs.monthlyTotalCents}
              />
              <CostTable caption="To move in" lines={costs.moveIn} total={costs.moveInTotalCents} />
            </div>
            {costs.optional.length > 0 ? (
              <div className="text-sm text-stone-700">
                <p className="font-semibold text-stone-900">Optional</p>
                <ul>
                  {costs.optional.map((line) => (
                    <li key={line.label}>
                      {line.label}: {formatMoney(line.cents)}
                      {line.frequency === 'monthly' ? '/mo' : ' once'}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="text-sm text-stone-600">
              No broker fee: landlords on Stoop pay their own brokers.
            </p>
          </Section>
        ) : null}
        {listing.amenities.length > 0 ? (
          <Section title="Amenities">
            <ul className="grid grid-cols-2 gap-2 text-stone-800 sm:grid-cols-3">
              {listing.amenities.map((slug) => (
                <li key={slug}>{amenityName(slug)}</li>
              ))}
            </ul>
          </Section>
        ) : null}
        {location}
        {tours}
      </div>
      {layout === 'desktop' ? (
        <div className="lg:sticky lg:top-20 lg:self-start">{landlordCard}</div>
      ) : null}
    </div>
  );
}
