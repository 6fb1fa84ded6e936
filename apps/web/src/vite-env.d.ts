/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google OAuth client id; without it the "Continue with Google" button stays disabled. */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
}
