import { describe, expect, it } from 'vitest';
import { DEFAULT_APPLICATION_SETTINGS } from '../../../shared/schemas/application-settings.ts';
import type { RenterDocument } from '../../../shared/schemas/renter-documents.ts';
import { criteriaLines, documentWords } from './criteria.ts';
import { kindsNotUploaded, missingItems } from './missing.ts';

describe('the criteria in words', () => {
  it('says the income multiples and the documents, and always that applying is free', () => {
    expect(
      criteriaLines({
        acceptingApplications: true,
        incomeMultiple: 40,
        guarantorIncomeMultiple: 80,
        requiredDocuments: ['pay_stub', 'id'],
      }),
    ).toEqual([
      'Income 40× the rent',
      "Guarantor's income 80× the rent",
      'Documents: pay stub, ID',
      'Applying on Stoop is free',
    ]);
  });

  it('keeps a decimal multiple as set, and says only that applying is free when nothing is asked', () => {
    expect(criteriaLines({ ...DEFAULT_APPLICATION_SETTINGS, incomeMultiple: 42.5 })).toEqual([
      'Income 42.5× the rent',
      'Applying on Stoop is free',
    ]);
    expect(criteriaLines(DEFAULT_APPLICATION_SETTINGS)).toEqual(['Applying on Stoop is free']);
  });

  it('names document kinds the way a renter reads them', () => {
    expect(documentWords(['employment_letter', 'bank_statement', 'tax_return', 'other'])).toBe(
      'employment letter, bank statement, tax return, other document',
    );
  });

  it('never words a voucher as a condition', () => {
    const lines = criteriaLines({
      acceptingApplications: true,
      incomeMultiple: 40,
      guarantorIncomeMultiple: 80,
      requiredDocuments: ['pay_stub'],
    }).join(' ');
    expect(lines.toLowerCase()).not.toMatch(/voucher|section 8|assistance/);
  });
});

const doc = (id: string, kind: RenterDocument['kind']): RenterDocument => ({
  id,
  kind,
  name: `${kind}.pdf`,
  size: 10,
  contentType: 'application/pdf',
  uploadedAt: '2026-11-20T15:00:00.000Z',
});

describe('what an application is missing', () => {
  it('lists the profile fields, then each asked-for kind not uploaded or not chosen', () => {
    expect(
      missingItems({
        missingFields: ['legalName', 'occupants'],
        requiredKinds: ['pay_stub', 'id', 'bank_statement'],
        documents: [doc('a', 'id'), doc('b', 'bank_statement')],
        chosen: ['b'],
      }).map((item) => item.text),
    ).toEqual([
      'Legal name: add it to your profile',
      'Number of occupants: add it to your profile',
      'Pay stub: upload one to your profile',
      'ID: choose one to send',
    ]);
  });

  it('is empty when the profile is complete and each asked-for kind is chosen', () => {
    expect(
      missingItems({
        missingFields: [],
        requiredKinds: ['pay_stub'],
        documents: [doc('a', 'pay_stub'), doc('c', 'pay_stub')],
        chosen: ['c'],
      }),
    ).toEqual([]);
  });
});

describe('the kinds a listing asks for that the renter has not uploaded', () => {
  it("keeps the listing's order and drops every kind with at least one document", () => {
    expect(
      kindsNotUploaded(
        ['bank_statement', 'pay_stub', 'id'],
        [doc('a', 'pay_stub'), doc('b', 'pay_stub'), doc('c', 'tax_return')],
      ),
    ).toEqual(['bank_statement', 'id']);
  });

  it('is empty when nothing is asked for, or everything is there', () => {
    expect(kindsNotUploaded([], [])).toEqual([]);
    expect(kindsNotUploaded(['id'], [doc('a', 'id')])).toEqual([]);
  });
});
