export * from './auth.ts';
export * from './billing.ts';
export * from './listings.ts';
export * from './mail.ts';
export * from './messaging.ts';
export * from './tour-notices.ts';
export * from './tours.ts';
