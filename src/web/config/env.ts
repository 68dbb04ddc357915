/** The only reader of `import.meta.env` in the web app (docs/architecture.md §7). */
export const env = {
  appVersion: import.meta.env.VITE_APP_VERSION ?? '0.0.0-dev',
  mode: import.meta.env.MODE ?? 'test',
  isDev: import.meta.env.DEV === true,
  /** A production build (`vite build`): the offline service worker exists only there. */
  isProd: import.meta.env.PROD === true,
} as const;
