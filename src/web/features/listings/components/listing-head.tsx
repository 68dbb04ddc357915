import { jsonForScript } from '../../../../shared/html.ts';
import {
  listingCanonicalUrl,
  listingDescription,
  listingJsonLd,
  listingShareImage,
  listingTitle,
  siteUrl,
} from '../../../../shared/listing-head.ts';
import type { Listing } from '../../../../shared/schemas/listing-responses.ts';

/**
 * What describes a listing to search engines and link previews, as React 19's own head tags:
 * the description, the canonical address, Open Graph and Twitter tags and the schema.org data
 * (the title is the page's `<title>`). On the server they are the rendered page's head; in the
 * browser they follow the listing shown. A draft its owner previews is not for indexing.
 */
export function ListingHead({
  listing,
  site,
}: {
  listing: Listing;
  /** The site's own address (`GET /api/config`'s `siteUrl`); undefined until it is known. */
  site: string | undefined;
}) {
  const description = listingDescription(listing);
  const title = `${listingTitle(listing)} · Stoop`;
  const image = listingShareImage(listing);
  const canonical = site === undefined ? undefined : listingCanonicalUrl(site, listing.id);
  return (
    <>
      <meta name="description" content={description} />
      {listing.status === 'active' ? null : <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Stoop" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {site !== undefined && canonical !== undefined ? (
        <>
          <link rel="canonical" href={canonical} />
          <meta property="og:url" content={canonical} />
          {image ? (
            <>
              <meta property="og:image" content={siteUrl(site, image.url)} />
              <meta property="og:image:width" content={String(image.width)} />
              <meta property="og:image:height" content={String(image.height)} />
              <meta property="og:image:alt" content={listing.title} />
            </>
          ) : null}
          <script
            type="application/ld+json"
            // Data, not script (the CSP allows no inline script): escaped so that no text in
            // the listing can end the element.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript.
            dangerouslySetInnerHTML={{
              __html: jsonForScript(listingJsonLd(listing, canonical, site)),
            }}
          />
        </>
      ) : null}
    </>
  );
}
