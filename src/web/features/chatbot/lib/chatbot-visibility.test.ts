import { describe, expect, it } from 'vitest';
import {
  type ChatbotViewer,
  chatbotMustLeave,
  chatbotWanted,
  isChatbotFreePage,
} from './chatbot-visibility.ts';

const viewers: Record<string, ChatbotViewer> = {
  visitor: { sessionKnown: true, role: null },
  renter: { sessionKnown: true, role: 'renter' },
  landlord: { sessionKnown: true, role: 'landlord' },
  admin: { sessionKnown: true, role: 'admin' },
  unknown: { sessionKnown: false, role: null },
};

const page = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('isChatbotFreePage (issue 26 item 9)', () => {
  it.each([
    page('/reset-password'),
    page('/reset-password', '', '#token=abc'),
    page('/forgot-password'),
    page('/password-reset-redirect', '', '#token=abc'),
    page('/Reset-Password/'),
    page('/forgot-password//'),
    page('/reset%2Dpassword'),
    page('/', '?type=recovery'),
    page('/', '', '#token=abc&type=recovery'),
  ])('%o is free of the chatbot', (address) => {
    expect(isChatbotFreePage(address)).toBe(true);
  });

  it.each([
    page('/'),
    page('/search'),
    page('/login'),
    page('/reset-password-help'),
    page('/listings/reset-password'),
    page('/search', '?type=recovery'),
  ])('%o is not', (address) => {
    expect(isChatbotFreePage(address)).toBe(false);
  });
});

describe('chatbotWanted', () => {
  it.each([
    ['visitor', '/search', true],
    ['renter', '/search', true],
    ['renter', '/', true],
    ['landlord', '/search', false],
    ['admin', '/search', false],
    ['admin', '/admin', false],
    ['unknown', '/search', false],
    ['visitor', '/reset-password', false],
    ['visitor', '/forgot-password', false],
    ['visitor', '/password-reset-redirect', false],
    ['renter', '/reset-password', false],
  ] as const)('%s on %s: %s', (who, pathname, wanted) => {
    expect(chatbotWanted(viewers[who] as ChatbotViewer, page(pathname))).toBe(wanted);
  });
});

describe('chatbotMustLeave', () => {
  it.each([
    ['admin', '/admin', true],
    ['admin', '/search', true],
    ['visitor', '/reset-password', true],
    ['renter', '/forgot-password', true],
    ['landlord', '/password-reset-redirect', true],
    // A landlord's webchat is hidden (docs/spec.md §1), not torn down.
    ['landlord', '/landlord/dashboard', false],
    ['visitor', '/search', false],
    ['renter', '/renter/dashboard', false],
  ] as const)('%s on %s: %s', (who, pathname, leave) => {
    expect(chatbotMustLeave(viewers[who] as ChatbotViewer, page(pathname))).toBe(leave);
  });
});
