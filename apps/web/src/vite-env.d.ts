/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google OAuth client id; without it the "Continue with Google" button stays disabled. */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  /**
   * Map tile URL template ({z}/{x}/{y}); defaults to OpenStreetMap. 'none' draws no tiles:
   * markers and circles on a plain background (offline, tests, or no tile provider).
   */
  readonly VITE_MAP_TILE_URL?: string;
  /** Attribution HTML for a custom tile server (OpenStreetMap's is used for the default). */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}
