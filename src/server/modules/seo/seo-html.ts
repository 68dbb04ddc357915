import { AMENITIES, formatBedrooms, formatRent } from '../../../shared/listings.ts';
import { boroughName, findNeighborhood } from '../../../shared/neighborhoods.ts';
import type { Listing } from '../../../shared/schemas/listing-responses.ts';
import { escapeHtml, jsonForScript } from '../../lib/html.ts';

function absolute(baseUrl: string, url: string): string {
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

export function listingTitle(listing: Listing): string {
  const place = placeName(listing);
  return `${listing.title}${place ? ` in ${place}` : ''} · Stoop`;
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
    return absolute(baseUrl, largest?.url ?? photo.url);
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

/** The head tags that describe one listing; every value is escaped. */
export function listingHeadTags(listing: Listing, baseUrl: string): string {
  const canonical = absolute(baseUrl, `/listings/${listing.id}`);
  const title = listingTitle(listing);
  const description = listingDescription(listing);
  const cover = listing.photos[0];
  const image = cover?.sources[cover.sources.length - 1];
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(description)}" />`,
    `<link rel="canonical" href="${attr(canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Stoop" />`,
    `<meta property="og:title" content="${attr(title)}" />`,
    `<meta property="og:description" content="${attr(description)}" />`,
    `<meta property="og:url" content="${attr(canonical)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
  ];
  if (image) {
    tags.push(
      `<meta property="og:image" content="${attr(absolute(baseUrl, image.url))}" />`,
      `<meta property="og:image:width" content="${image.width}" />`,
      `<meta property="og:image:height" content="${image.height}" />`,
      `<meta property="og:image:alt" content="${attr(listing.title)}" />`,
    );
  }
  tags.push(
    `<script type="application/ld+json">${jsonForScript(listingJsonLd(listing, canonical, baseUrl))}</script>`,
  );
  return tags.join('\n    ');
}

/**
 * The SPA shell with its generic title and description replaced by `headTags`. The shell is
 * our own build output, so simple patterns are enough to find those two tags.
 */
export function injectHead(indexHtml: string, headTags: string): string {
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  // A function replacer: `$'` or `$&` in listing text must not act as patterns.
  return stripped.replace(/<\/head>/i, () => `  ${headTags}\n  </head>`);
}

export function addToHead(indexHtml: string, tags: string): string {
  return indexHtml.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

export const NOINDEX_TAGS = '<meta name="robots" content="noindex" />';
