import {
  listingCanonicalUrl,
  listingDescription,
  listingJsonLd,
  listingShareImage,
  listingTitle,
  siteUrl,
} from '../../../shared/listing-head.ts';
import type { Listing } from '../../../shared/schemas/listing-responses.ts';
import { escapeHtml, jsonForScript } from '../../lib/html.ts';

/** The head tags that describe one listing; every value is escaped. */
export function listingHeadTags(listing: Listing, baseUrl: string): string {
  const canonical = listingCanonicalUrl(baseUrl, listing.id);
  const title = `${listingTitle(listing)} · Stoop`;
  const description = listingDescription(listing);
  const image = listingShareImage(listing);
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
      `<meta property="og:image" content="${attr(siteUrl(baseUrl, image.url))}" />`,
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
