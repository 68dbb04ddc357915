/*
 * What describes a listing to search engines and link previews: its title, description, canonical
 * address and schema.org data. Rendered by React on the listing's pages (listing-head.tsx) and by
 * the server into the shell when a page is not rendered (seo-html.ts).
 */
import { AMENITIES, formatBedrooms, formatRent } from './listings.ts';
import { boroughName, findNeighborhood } from './neighborhoods.ts';
import type { Listing } from './schemas/listing-responses.ts';

/** `url` on the site at `baseUrl` (`BASE_URL`, which `GET /api/config` names as `siteUrl`). */
export function siteUrl(baseUrl: string, url: string): string {
  return new URL(url, baseUrl).toString();
}

function placeName(listing: Listing): string {
  const hood = listing.neighborhood ? findNeighborhood(listing.neighborhood)?.name : undefined;
  const borough = listing.borough ? boroughName(listing.borough) : undefined;
  return [hood, borough].filter(Boolean).join(', ');
}

function bathrooms(n: number | null): string {
  return n === null ? '' : `${n} bath`;
}

/** The listing's document title, before ' · Stoop': its title and place. */
export function listingTitle(listing: Listing): string {
  const place = placeName(listing);
  return `${listing.title}${place ? ` in ${place}` : ''}`;
}

export function listingCanonicalUrl(baseUrl: string, listingId: string) {
  return siteUrl(baseUrl, `/listings/${listingId}`);
}

/** The largest size of the cover photo, for link previews; undefined without photos. */
export function listingShareImage(listing: Listing) {
  const cover = listing.photos[0];
  return cover?.sources[cover.sources.length - 1];
}

export function listingDescription(listing: Listing): string {
  const facts = [
    listing.rentCents === null ? '' : `${formatRent(listing.rentCents)}/mo`,
    listing.bedrooms === null ? '' : formatBedrooms(listing.bedrooms),
    bathrooms(listing.bathrooms),
    placeName(listing),
    'no broker fee',
  ].filter(Boolean);
  const text = listing.description.replace(/\s+/g, ' ').trim();
  const summary = `${facts.join(' · ')}. ${text}`;
  return summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary;
}

/** schema.org data for search engines: the listing, the apartment and its rent offer. */
export function listingJsonLd(listing: Listing, canonical: string, baseUrl: string) {
  const images = listing.photos.map((photo) => {
    const largest = photo.sources[photo.sources.length - 1];
    return siteUrl(baseUrl, largest?.url ?? photo.url);
  });
  const amenityNames = listing.amenities.map(
    (slug) => AMENITIES.find((a) => a.slug === slug)?.name ?? slug,
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: listing.title,
    description: listing.description,
    url: canonical,
    image: images,
    datePosted: listing.publishedAt ?? undefined,
    offers: {
      '@type': 'Offer',
      price: listing.rentCents === null ? undefined : (listing.rentCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availabilityStarts: listing.availableFrom ?? undefined,
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: listing.rentCents === null ? undefined : (listing.rentCents / 100).toFixed(2),
        priceCurrency: 'USD',
        unitCode: 'MON',
      },
    },
    about: {
      '@type': 'Apartment',
      name: listing.title,
      numberOfBedrooms: listing.bedrooms ?? undefined,
      numberOfBathroomsTotal: listing.bathrooms ?? undefined,
      floorSize: listing.sqft
        ? { '@type': 'QuantitativeValue', value: listing.sqft, unitCode: 'FTK' }
        : undefined,
      petsAllowed: listing.pets ? listing.pets !== 'none' : undefined,
      amenityFeature: amenityNames.map((name) => ({
        '@type': 'LocationFeatureSpecification',
        name,
        value: true,
      })),
      address: {
        '@type': 'PostalAddress',
        streetAddress: listing.address ?? undefined,
        addressLocality: listing.borough ? boroughName(listing.borough) : 'New York',
        addressRegion: 'NY',
        addressCountry: 'US',
      },
      geo:
        listing.lat !== null && listing.lng !== null
          ? { '@type': 'GeoCoordinates', latitude: listing.lat, longitude: listing.lng }
          : undefined,
    },
  };
}
