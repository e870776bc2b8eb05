interface ImportMetaEnv {
  /** The service worker's cache of this build's code (vite.config.ts). */
  readonly CONSOLE_ASSETS_CACHE: string;
}
