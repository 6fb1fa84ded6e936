/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google OAuth client id; without it the "Continue with Google" button stays disabled. */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
}

/** The Mantine styles of the first view (vite.config.ts: mantineCriticalStyles). */
declare module 'virtual:mantine-critical-styles' {}
