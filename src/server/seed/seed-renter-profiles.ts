import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { DocumentKind } from '../../shared/schemas/renter-documents.ts';
import {
  type RenterProfileData,
  type RenterProfileInput,
  RenterProfileInputSchema,
} from '../../shared/schemas/renter-profile.ts';
import type { Db } from '../db/client.ts';
import { renterDocuments, renterProfiles } from '../db/schema/applications.ts';
import { type MediaStorage, PRIVATE_MEDIA_PREFIX } from '../lib/storage.ts';
import { newYorkDay } from '../lib/time.ts';
import { stableUuid } from './seed-ids.ts';

/*
 * The demo renters' application profiles and documents (issue 28): the demo renter's is
 * complete (every field; no voucher), so applying takes one click; the other demo renters have
 * what their seeded applications were sent with (Jordan's income is under 40x the rents asked,
 * so the landlord's queue shows an application below its criteria). Documents are small PDFs written here and kept
 * as uploads are (private storage, a random key). Stable ids: a second run adds nothing and
 * leaves a profile as its renter edited it.
 */

/** Renters by the email of their account (the tours' renters, seed-tour-bookings.ts). */
export type DemoRenterEmail =
  | 'renter@stoop.test'
  | 'jordan.rivera@stoop.test'
  | 'priya.natarajan@stoop.test'
  | 'leo.marchetti@stoop.test';

const DAY = 86_400_000;

/** About six weeks out: the first of a month ahead (New York). */
function moveInDay(): string {
  return `${newYorkDay(Date.now() + 45 * DAY).slice(0, 8)}01`;
}

function demoProfiles(): Record<DemoRenterEmail, RenterProfileInput> {
  const moveInDate = moveInDay();
  return {
    'renter@stoop.test': {
      legalName: 'Maya Chen',
      phone: '(718) 555-0142',
      currentAddress: '214 Bergen St, Apt 3R, Brooklyn, NY 11217',
      moveInDate,
      occupants: 2,
      pets: [{ kind: 'cat', count: 1 }],
      incomes: [
        {
          source: 'employment',
          employer: 'Hudson Yards Health',
          title: 'Physical therapist',
          since: '2021-09',
          monthlyCents: 1_650_000,
        },
      ],
      rentalHistory: [
        {
          address: '214 Bergen St, Apt 3R, Brooklyn, NY 11217',
          from: '2022-03',
          monthlyRentCents: 295_000,
          landlordName: 'Bergen Street Associates',
          landlordContact: '(718) 555-0190',
        },
        {
          address: '31-40 30th St, Apt 2F, Astoria, NY 11106',
          from: '2019-06',
          to: '2022-02',
          monthlyRentCents: 210_000,
          landlordName: 'Ana Petrakis',
          landlordContact: 'ana.petrakis@example.com',
        },
      ],
      about:
        'Physical therapist at a clinic in Manhattan; my partner works from home. We have a quiet, indoor cat and have paid rent on time for six years.',
    },
    'jordan.rivera@stoop.test': {
      legalName: 'Jordan Rivera',
      phone: '(347) 555-0117',
      currentAddress: '88 Jefferson Ave, Brooklyn, NY 11216',
      moveInDate,
      occupants: 1,
      incomes: [
        {
          source: 'employment',
          employer: 'Brooklyn Public Library',
          title: 'Librarian',
          monthlyCents: 650_000,
        },
      ],
    },
    'priya.natarajan@stoop.test': {
      legalName: 'Priya Natarajan',
      phone: '(929) 555-0163',
      currentAddress: '41-12 Queens Blvd, Sunnyside, NY 11104',
      moveInDate,
      occupants: 3,
      incomes: [{ source: 'self_employment', title: 'Translator', monthlyCents: 620_000 }],
      // Part of the rent paid by a program: the income multiple is on her share.
      voucher: { program: 'CityFHEPS', monthlyCents: 200_000 },
    },
    'leo.marchetti@stoop.test': {
      legalName: 'Leo Marchetti',
      phone: '(646) 555-0175',
      currentAddress: '402 E 74th St, New York, NY 10021',
      moveInDate,
      occupants: 1,
      pets: [{ kind: 'dog', count: 1 }],
      incomes: [
        {
          source: 'employment',
          employer: 'Carrow & Finch LLP',
          title: 'Paralegal',
          monthlyCents: 1_200_000,
        },
      ],
    },
  };
}

/** The profile as stored (defaults filled in, checked by the schema the API uses). */
export function demoProfile(email: DemoRenterEmail): RenterProfileData {
  return RenterProfileInputSchema.parse(demoProfiles()[email]);
}

type DemoDocument = { key: string; owner: DemoRenterEmail; kind: DocumentKind; name: string };

export const DEMO_DOCUMENTS: DemoDocument[] = [
  { key: 'maya-pay-stub', owner: 'renter@stoop.test', kind: 'pay_stub', name: 'pay-stub.pdf' },
  {
    key: 'maya-employment-letter',
    owner: 'renter@stoop.test',
    kind: 'employment_letter',
    name: 'employment-letter.pdf',
  },
  {
    key: 'jordan-pay-stub',
    owner: 'jordan.rivera@stoop.test',
    kind: 'pay_stub',
    name: 'pay-stub-jordan.pdf',
  },
  {
    key: 'priya-bank-statement',
    owner: 'priya.natarajan@stoop.test',
    kind: 'bank_statement',
    name: 'bank-statement.pdf',
  },
  {
    key: 'priya-voucher-letter',
    owner: 'priya.natarajan@stoop.test',
    kind: 'voucher_letter',
    name: 'cityfheps-letter.pdf',
  },
  { key: 'leo-pay-stub', owner: 'leo.marchetti@stoop.test', kind: 'pay_stub', name: 'stub.pdf' },
];

export const demoDocumentId = (key: string) => stableUuid(`demo-document-${key}`);

/** A one-page PDF of `lines` in Helvetica (ASCII), with a correct cross-reference table. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const escaped = (text: string) => text.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const content = [
    'BT',
    '/F1 16 Tf',
    '72 720 Td',
    `(${escaped(title)}) Tj`,
    '/F1 11 Tf',
    '0 -28 Td',
    ...lines.flatMap((line) => [`(${escaped(line)}) Tj`, '0 -16 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function documentPdf(document: DemoDocument): Buffer {
  const profile = demoProfile(document.owner);
  const income = profile.incomes[0];
  const monthly = income ? `$${(income.monthlyCents / 100).toLocaleString('en-US')}` : '-';
  return demoPdf(`${document.name} (Stoop demo document)`, [
    `Name: ${profile.legalName ?? ''}`,
    `Kind: ${document.kind.replace('_', ' ')}`,
    `Monthly income: ${monthly}`,
    'Made up for the Stoop demo: no real person, employer or account.',
  ]);
}

/** Profiles (kept as edited) and documents (stored once) of the demo renters there are. */
export async function seedRenterProfiles(
  db: Db,
  input: { storage: MediaStorage; renterIds: Partial<Record<DemoRenterEmail, string>> },
): Promise<string[]> {
  const created: string[] = [];
  const profiles = (Object.keys(demoProfiles()) as DemoRenterEmail[]).flatMap((email) => {
    const userId = input.renterIds[email];
    return userId ? [{ userId, data: demoProfile(email) }] : [];
  });
  if (profiles.length === 0) return created;
  const saved = await db
    .insert(renterProfiles)
    .values(profiles)
    .onConflictDoNothing()
    .returning({ userId: renterProfiles.userId });
  if (saved.length > 0) created.push(`${saved.length} renter profiles`);

  const wanted = DEMO_DOCUMENTS.filter((d) => input.renterIds[d.owner]);
  const there = await db
    .select({ id: renterDocuments.id })
    .from(renterDocuments)
    .where(
      inArray(
        renterDocuments.id,
        wanted.map((d) => demoDocumentId(d.key)),
      ),
    );
  const have = new Set(there.map((row) => row.id));
  let stored = 0;
  for (const document of wanted) {
    const id = demoDocumentId(document.key);
    if (have.has(id)) continue;
    const data = documentPdf(document);
    const storageKey = `${PRIVATE_MEDIA_PREFIX}documents/${randomBytes(16).toString('hex')}.bin`;
    await input.storage.put(storageKey, data, 'application/pdf');
    const [row] = await db
      .insert(renterDocuments)
      .values({
        id,
        userId: input.renterIds[document.owner] ?? '',
        kind: document.kind,
        name: document.name,
        size: data.length,
        contentType: 'application/pdf',
        storageKey,
      })
      .onConflictDoNothing()
      .returning({ id: renterDocuments.id });
    // Another seed run stored it meanwhile: this copy is nobody's.
    if (row) stored += 1;
    else await input.storage.delete([storageKey]);
  }
  if (stored > 0) created.push(`${stored} renter documents`);
  return created;
}
