import { PageSizes, PDFDocument, type PDFFont, type RGB, rgb, StandardFonts } from 'pdf-lib';
import type { Offer } from '../../../shared/schemas/applications.ts';

/*
 * The signed rental offer as a PDF: the terms and every fee the tenant pays (FARE Act), the
 * household, and the primary applicant's typed signature, for both sides to keep.
 */

export type OfferPdfInput = {
  applicationId: string;
  listing: { title: string; neighborhood: string | null };
  landlordName: string;
  /** Everyone on the application, primary first. */
  household: { name: string; role: 'primary' | 'co_applicant' | 'guarantor' }[];
  offer: Offer;
  /** The primary applicant's typed full legal name. */
  signature: string;
  signedAt: Date;
};

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter;
const MARGIN = 54;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = rgb(0.11, 0.12, 0.14);
const MUTED = rgb(0.42, 0.45, 0.49);
const RULE = rgb(0.84, 0.85, 0.87);

const ROLES = { primary: 'Applicant', co_applicant: 'Co-applicant', guarantor: 'Guarantor' };
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
// A lease start is a calendar date: read and shown in UTC it stays the same day.
const CALENDAR_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const SIGNED_AT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const dollars = (cents: number) => MONEY.format(cents / 100);

/**
 * Standard fonts encode only WinAnsi and pdf-lib throws on anything else: keep what encodes,
 * else its compatibility form ("ﬁ" -> "fi"), else its base letter ("ő" -> "o"), else "?".
 */
function toWinAnsi(text: string, charset: ReadonlySet<number>): string {
  const encodes = (s: string) => [...s].every((c) => charset.has(c.codePointAt(0) ?? -1));
  let out = '';
  // Whitespace becomes a plain space: ICU puts U+202F before "PM", names may hold newlines.
  for (const char of text.normalize('NFC').replace(/\s+/gu, ' ')) {
    const forms = [char, char.normalize('NFKC'), char.normalize('NFKD').replace(/\p{M}/gu, '')];
    out += forms.find(encodes) ?? '?';
  }
  return out;
}

/** Breaks at spaces; a word wider than the line is cut where it overflows. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderOfferPdf(input: OfferPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const clean = (text: string) => toWinAnsi(text, charset).trim();

  let page = doc.addPage(PageSizes.Letter);
  // The baseline of the last line drawn: each line moves it down by its leading first.
  let y = PAGE_HEIGHT - MARGIN;
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(PageSizes.Letter);
    y = PAGE_HEIGHT - MARGIN;
  };
  const draw = (text: string, x: number, font: PDFFont, size: number, color: RGB) =>
    page.drawText(text, { x, y, font, size, color });

  const paragraph = (text: string, size = 10.5, font = regular, color = INK) => {
    for (const line of wrap(clean(text), font, size, CONTENT_WIDTH)) {
      room(size * 1.45);
      y -= size * 1.45;
      draw(line, MARGIN, font, size, color);
    }
  };
  const note = (text: string) => paragraph(text, 9, regular, MUTED);
  const rule = () =>
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE_WIDTH - MARGIN, y },
      thickness: 0.75,
      color: RULE,
    });
  const section = (title: string) => {
    room(70); // a heading never ends a page alone
    y -= 30;
    draw(clean(title), MARGIN, bold, 12, INK);
    y -= 7;
    rule();
    y -= 2;
  };
  /** A label on the left, its value right-aligned on the label's first line. */
  const row = (label: string, value: string, font = regular) => {
    const size = 10.5;
    const shown = clean(value);
    const valueWidth = font.widthOfTextAtSize(shown, size);
    // A label that cleans to nothing still takes its line, beside its value.
    const lines = wrap(clean(label), font, size, CONTENT_WIDTH - valueWidth - 24);
    if (lines.length === 0) lines.push('');
    // Rows sit further apart than the wrapped lines of one label.
    room(size * (1.75 + 1.3 * (lines.length - 1)));
    const first = y - size * 1.75;
    lines.forEach((line, i) => {
      y -= size * (i === 0 ? 1.75 : 1.3);
      draw(line, MARGIN, font, size, INK);
    });
    page.drawText(shown, { x: PAGE_WIDTH - MARGIN - valueWidth, y: first, font, size, color: INK });
  };

  const { offer } = input;
  const totalFees = offer.fees.reduce((sum, fee) => sum + fee.amountCents, 0);
  const dueAtSigning = offer.rentCents + offer.depositCents + totalFees;

  paragraph('Stoop', 11, bold, MUTED);
  y -= 14;
  paragraph('Rental offer', 24, bold);
  y -= 6;
  paragraph(input.listing.title, 13, bold);
  if (input.listing.neighborhood) paragraph(input.listing.neighborhood, 11, regular, MUTED);

  section('Parties');
  row(input.landlordName, 'Landlord');
  for (const member of input.household) row(member.name, ROLES[member.role]);

  section('Terms');
  row('Monthly rent', dollars(offer.rentCents));
  row('Security deposit', dollars(offer.depositCents));
  row('Lease start', CALENDAR_DATE.format(new Date(`${offer.leaseStart}T00:00:00Z`)));
  row('Lease length', `${offer.leaseMonths} ${offer.leaseMonths === 1 ? 'month' : 'months'}`);

  section('Fees the tenant pays');
  if (offer.fees.length === 0) paragraph('No fees.');
  for (const fee of offer.fees) row(fee.name, dollars(fee.amountCents));
  y -= 8;
  rule();
  row('Total fees', dollars(totalFees), bold);
  y -= 8;
  row('Due at signing', dollars(dueAtSigning), bold);
  note("First month's rent, the security deposit and the fees above.");
  y -= 8;
  note("Under New York's FARE Act, every fee the tenant pays is listed above.");

  section('Signature');
  paragraph(`Signed by ${input.signature}`, 12, bold);
  paragraph(`Signed on ${SIGNED_AT.format(input.signedAt)}`);
  note(`Application ${input.applicationId}`);

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = `Page ${i + 1} of ${pages.length}`;
    const x = PAGE_WIDTH - MARGIN - regular.widthOfTextAtSize(footer, 8);
    p.drawText(footer, { x, y: MARGIN / 2, font: regular, size: 8, color: MUTED });
  });

  doc.setTitle(`Rental offer: ${input.listing.title}`);
  doc.setAuthor('Stoop');
  doc.setCreator('Stoop');
  doc.setProducer('Stoop');
  doc.setSubject(`Signed rental offer, application ${input.applicationId}`);
  // The same offer renders to the same bytes: no "now" in the file.
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);
  return doc.save();
}
