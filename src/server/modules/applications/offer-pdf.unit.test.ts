import {
  PDFOperatorNames as Ops,
  PDFDocument,
  PDFHexString,
  PDFNumber,
  PDFOperator,
  PDFString,
  StandardFonts,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../test/pdf-text.ts';
import { type OfferPdfInput, renderOfferPdf } from './offer-pdf.ts';

const APPLICATION_ID = '3f6c1a52-9a0e-4f5e-8a53-2d1b8f7c4e10';

function input(overrides: Partial<OfferPdfInput> = {}): OfferPdfInput {
  return {
    applicationId: APPLICATION_ID,
    listing: { title: 'Sunny two-bedroom near McCarren Park', neighborhood: 'Williamsburg' },
    landlordName: 'Harbor Lane Properties LLC',
    household: [
      { name: 'Maya Lindqvist', role: 'primary' },
      { name: 'Theo Okafor', role: 'co_applicant' },
      { name: 'Ruth Lindqvist', role: 'guarantor' },
    ],
    offer: {
      rentCents: 385_000,
      depositCents: 385_000,
      leaseStart: '2027-02-01',
      leaseMonths: 12,
      fees: [
        { name: 'Application fee', amountCents: 2_000 },
        { name: 'Move-in fee', amountCents: 25_000 },
      ],
    },
    signature: 'Maya Elise Lindqvist',
    signedAt: new Date('2026-11-28T18:05:00Z'),
    ...overrides,
  };
}

/** The text with wrapped lines joined again, so a name that wrapped still reads whole. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('renderOfferPdf', () => {
  it('names the terms, every fee, the household and the signature', async () => {
    const bytes = await renderOfferPdf(input());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const lines = (await pdfText(bytes)).split('\n');
    const valueBeside = (label: string) => lines[lines.indexOf(label) + 1];

    expect(lines).toContain('Rental offer');
    expect(lines).toContain('Sunny two-bedroom near McCarren Park');
    expect(lines).toContain('Williamsburg');
    expect(valueBeside('Harbor Lane Properties LLC')).toBe('Landlord');
    expect(valueBeside('Maya Lindqvist')).toBe('Applicant');
    expect(valueBeside('Theo Okafor')).toBe('Co-applicant');
    expect(valueBeside('Ruth Lindqvist')).toBe('Guarantor');
    expect(valueBeside('Monthly rent')).toBe('$3,850.00');
    expect(valueBeside('Security deposit')).toBe('$3,850.00');
    expect(valueBeside('Lease start')).toBe('February 1, 2027');
    expect(valueBeside('Lease length')).toBe('12 months');
    expect(lines).toContain('Fees the tenant pays');
    expect(valueBeside('Application fee')).toBe('$20.00');
    expect(valueBeside('Move-in fee')).toBe('$250.00');
    expect(valueBeside('Total fees')).toBe('$270.00');
    expect(valueBeside('Due at signing')).toBe('$7,970.00');
    expect(lines).not.toContain('No fees.');
    expect(lines.some((line) => line.includes('FARE Act'))).toBe(true);
    expect(lines).toContain('Signed by Maya Elise Lindqvist');
    expect(lines).toContain('Signed on November 28, 2026 at 1:05 PM EST');
    expect(lines).toContain(`Application ${APPLICATION_ID}`);
  });

  it('sets the document metadata', async () => {
    const doc = await PDFDocument.load(await renderOfferPdf(input()));
    expect(doc.getTitle()).toContain('Sunny two-bedroom near McCarren Park');
    expect(doc.getAuthor()).toBe('Stoop');
    expect(doc.getSubject()).toContain(APPLICATION_ID);
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-28T18:05:00.000Z');
  });

  it('says "No fees." when the tenant pays none', async () => {
    const base = input();
    const lines = (
      await pdfText(await renderOfferPdf(input({ offer: { ...base.offer, fees: [] } })))
    ).split('\n');
    expect(lines).toContain('No fees.');
    expect(lines[lines.indexOf('Total fees') + 1]).toBe('$0.00');
    expect(lines[lines.indexOf('Due at signing') + 1]).toBe('$7,700.00');
  });

  it('lists 20 long-named fees over as many pages as they take', async () => {
    const fees = Array.from({ length: 20 }, (_, i) => ({
      name: `Fee ${i + 1}: the building's rooftop, gym, bike storage and package room amenity charge, billed once`,
      amountCents: 1_000 * (i + 1),
    }));
    const base = input();
    const bytes = await renderOfferPdf(input({ offer: { ...base.offer, fees } }));
    const text = flat(await pdfText(bytes));
    for (const fee of fees) expect(text).toContain(`${fee.name} $${fee.amountCents / 100}.00`);
    expect(text).toContain('Total fees $2,100.00');
    expect(text).toContain('Due at signing $9,800.00');
    const pages = await pdfPageCount(bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('replaces what the standard fonts cannot encode instead of throwing', async () => {
    const bytes = await renderOfferPdf(
      input({
        listing: { title: 'Loft ﬁve — “quiet”', neighborhood: null },
        household: [{ name: 'Zoë Łukasz 王', role: 'primary' }],
        signature: 'Zoë Łukasz 王\u0301',
      }),
    );
    const lines = (await pdfText(bytes)).split('\n');
    expect(lines).toContain('Loft five — “quiet”');
    expect(lines).toContain('Zoë ?ukasz ?');
    expect(lines).toContain('Signed by Zoë ?ukasz ?');
  });
});

describe('pdfText', () => {
  it('reads literal strings, hex strings and TJ arrays', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage();
    page.setFont(font);
    page.pushOperators(
      PDFOperator.of(Ops.BeginText),
      PDFOperator.of(Ops.ShowText, [PDFString.of('Paren \\(nested\\) caf\\351')]),
      PDFOperator.of(Ops.ShowText, [PDFHexString.of('4869')]),
      PDFOperator.of(Ops.ShowTextAdjusted, [
        doc.context.obj([PDFString.of('Kern'), PDFNumber.of(-20), PDFString.of('ed')]),
      ]),
      PDFOperator.of(Ops.EndText),
    );
    expect(await pdfText(await doc.save())).toBe('Paren (nested) café\nHi\nKerned');
  });
});
