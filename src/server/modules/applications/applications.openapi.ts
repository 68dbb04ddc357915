import {
  ApplicationSettingsResponseSchema,
  ApplicationSettingsSchema,
  ApplicationSettingsViewSchema,
} from '../../../shared/schemas/application-settings.ts';
import {
  ApplicationCountsSchema,
  ApplicationSchema,
  ApplicationsPageSchema,
  ApplyInputSchema,
  DeclineInputSchema,
  OfferInputSchema,
  RequestInfoInputSchema,
  RespondInputSchema,
} from '../../../shared/schemas/applications.ts';
import {
  AcceptInputSchema,
  InvitationViewSchema,
  InviteInputSchema,
  JoinInputSchema,
} from '../../../shared/schemas/households.ts';
import {
  RenterProfileInputSchema,
  RenterProfileResponseSchema,
} from '../../../shared/schemas/renter-profile.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const tags = ['applications'];

/** Rental applications in /api/openapi.json (issue 28). */
export const applicationsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/renter-profile',
    errors: ['FORBIDDEN'],
    summary:
      "The caller's reusable application profile, or null, and `missing`: the fields an application still needs (renters only)",
    tags,
    response: RenterProfileResponseSchema,
    auth: true,
  },
  {
    method: 'put',
    path: '/api/renter-profile',
    errors: ['FORBIDDEN', 'VALIDATION_ERROR'],
    summary:
      'Replace the profile (renters only). Unknown fields are refused (400): the profile asks nothing New York forbids a landlord to weigh. legalName, phone, currentAddress, moveInDate and occupants may be left out while filling it in; `missing` then names them',
    tags,
    body: RenterProfileInputSchema,
    response: RenterProfileResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/listings/{id}/application-settings',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    summary:
      "What a listing asks of applicants, for anyone who can see it: incomeMultiple is yearly income over the monthly rent (New York's 40×); without settings, applications are taken and nothing is asked beyond the profile. With the listing's id and title",
    tags,
    response: ApplicationSettingsViewSchema,
  },
  {
    method: 'put',
    path: '/api/listings/{id}/application-settings',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'],
    summary: "Set a listing's application criteria, whole (its landlord; any other listing is 404)",
    tags,
    body: ApplicationSettingsSchema,
    response: ApplicationSettingsResponseSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/listings/{id}/applications',
    success: [201, 200],
    errors: [
      'APPLICATION_EXISTS',
      'CONFLICT',
      'FORBIDDEN',
      'NOT_FOUND',
      'RATE_LIMITED',
      'VALIDATION_ERROR',
    ],
    summary:
      'Apply (renters; free): the profile and the chosen documents are copied as they are now. coApplicants (at most 5 addresses) and a guarantor (one address) are each mailed a link to join, valid 14 days, once; until every one has joined the status is awaiting_household and the landlord does not see it. Invitations count toward 20 an hour an account (429). 201 the application; a repeated idempotencyKey answers the first one with 200. 400 names the missing profile fields (details path profile.<field>) and required documents (documentIds); 409 APPLICATION_EXISTS with an open application there; 409 CONFLICT when the listing is not active or not taking applications; a draft is 404',
    tags,
    body: ApplyInputSchema,
    response: ApplicationSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/applications',
    errors: ['FORBIDDEN', 'VALIDATION_ERROR'],
    summary:
      "A renter's own applications, newest first, or those on a landlord's listings, oldest first: { items, nextCursor }. Query: listingId, status, cursor. Admins: 403",
    tags,
    response: ApplicationsPageSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/applications/counts',
    errors: ['FORBIDDEN'],
    summary:
      "How many applications, by status (every status, 0 when none): a renter's own as { byStatus }; a landlord's on their listings as { byStatus, byListing: [{ listingId, open, total }] } (listings with any). Admins: 403",
    tags,
    response: ApplicationCountsSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/applications/{id}',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary:
      "One application with its copy of the profile, documents, members, incomeMultiple (the household's yearly income over its share of the rent, one decimal), guarantorIncomeMultiple, meetsCriteria (false, household or guarantor) and timeline, as `viewer` may see it: its primary applicant, each co-applicant and guarantor who joined (others' names only), and the listing's landlord once the household completed it (everyone's figures and documents); anyone else 404. The landlord's first look is on the timeline as viewed",
    tags,
    response: ApplicationSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/applications/{id}/withdraw',
    errors: ['APPLICATION_STATE', 'FORBIDDEN', 'NOT_FOUND'],
    summary:
      'The renter takes back an open application (submitted, info_requested or offered): the application. Any other status: 409 APPLICATION_STATE; the landlord: 403',
    tags,
    response: ApplicationSchema,
    auth: true,
  },
  ...(
    [
      [
        'request-info',
        RequestInfoInputSchema,
        ['VALIDATION_ERROR'],
        "The landlord asks for more: { message }. From submitted or info_requested; the renter's side: 403",
      ],
      [
        'respond',
        RespondInputSchema,
        ['VALIDATION_ERROR'],
        'The renter answers a request: { message, documentIds? } (their own documents, added to the application); back to submitted. From info_requested; the landlord: 403',
      ],
      [
        'offer',
        OfferInputSchema,
        ['VALIDATION_ERROR'],
        "The landlord offers: { rentCents, depositCents, leaseStart, leaseMonths, fees: [{ name, amountCents }] }, every fee the renter pays itemized. A deposit over one month's rent is 400 (General Obligations Law section 7-108). From submitted or info_requested; the renter: 403",
      ],
      [
        'accept',
        AcceptInputSchema,
        ['VALIDATION_ERROR'],
        'The primary applicant accepts the offer, signed { signature }: their full legal name as on the application (else 400). The offer and its itemized fees are kept as a PDF (GET /api/applications/{id}/offer.pdf) for 3 years after the application closes; the listing becomes rented and every other open application on it closes with the notice that it is saved for the next one. From offered; the landlord or a member: 403',
      ],
      [
        'reject-offer',
        undefined,
        [],
        'The renter turns the offer down. From offered; the landlord: 403',
      ],
      [
        'decline',
        DeclineInputSchema,
        ['CONFLICT', 'VALIDATION_ERROR'],
        "The landlord declines: { reason: income|incomplete|rented|other, note? }. A decline for income is 409 CONFLICT while the application meets the listing's income multiple as shown when it was sent (or the listing asked none). From submitted, info_requested or offered; the renter: 403",
      ],
    ] as const
  ).map(
    ([action, body, errors, summary]): ApiOperation => ({
      method: 'post',
      path: `/api/applications/{id}/${action}`,
      errors: ['APPLICATION_STATE', 'FORBIDDEN', 'NOT_FOUND', ...errors],
      summary: `${summary}. Answers the application; any other move 409 APPLICATION_STATE`,
      tags,
      ...(body ? { body } : {}),
      response: ApplicationSchema,
      auth: true,
    }),
  ),
  {
    method: 'get',
    path: '/api/applications/{id}/offer.pdf',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary:
      'The signed offer as a PDF, for the landlord and everyone on the application when it was signed, kept 3 years after the application closes even when the application or the accounts are gone; anyone else, or none signed: 404',
    tags,
    produces: 'application/pdf',
    auth: true,
  },
  {
    method: 'post',
    path: '/api/applications/{id}/invite',
    errors: ['APPLICATION_STATE', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
    summary:
      'The primary applicant invites { email, role: co_applicant|guarantor } (at most 5 co-applicants and one guarantor: 409), or sends someone not yet joined a fresh link (the old one stops working). Until an offer is made (else 409 APPLICATION_STATE); the application waits for them (awaiting_household). 20 invitations an hour an account (429). A member or the landlord: 403',
    tags,
    body: InviteInputSchema,
    response: ApplicationSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/applications/{id}/members/{memberId}/remove',
    errors: ['APPLICATION_STATE', 'FORBIDDEN', 'NOT_FOUND'],
    summary:
      'The primary applicant removes a co-applicant or guarantor, invited or joined, with the documents they sent, until an offer is made (else 409 APPLICATION_STATE); with nobody left to join, the application goes to the landlord. A member or the landlord: 403',
    tags,
    response: ApplicationSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/applications/{id}/leave',
    success: [204],
    errors: ['APPLICATION_STATE', 'FORBIDDEN', 'NOT_FOUND'],
    summary:
      'A co-applicant or guarantor leaves the application with the documents they sent, until an offer is made (else 409 APPLICATION_STATE). The primary applicant or the landlord: 403',
    tags,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/applications/{id}/join',
    errors: ['APPLICATION_STATE', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'],
    summary:
      "A renter joins with their invitation's { token, documentIds }: their complete profile and their own documents of every kind the listing asks for (else 400, as when applying). A used, expired or foreign token: 404. The application, as the member sees it; once everyone has joined it is submitted and goes to the landlord. Landlords and admins: 403",
    tags,
    body: JoinInputSchema,
    response: ApplicationSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/application-invitations/{token}',
    errors: ['NOT_FOUND'],
    summary:
      "What an invitation's link asks, for whoever holds it (no sign-in): the application, the role, the address invited, who invited them and the listing; used, expired or unknown: 404",
    tags,
    response: InvitationViewSchema,
  },
];
