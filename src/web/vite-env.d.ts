interface ImportMetaEnv {
  /** The package version, defined by vite.config.ts. */
  readonly VITE_APP_VERSION?: string;
}
