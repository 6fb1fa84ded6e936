/** Business constants from the spec (rules-calls-errors-constants.md, section 9). */
export const TOKEN_LIFETIME_SECONDS = 604800;
export const REQUEST_TIMEOUT_MS = 15000;
export const NOTIFICATION_POLL_MS = 10000;
export const NOTIFICATION_TITLE_MAX = 28;
export const TOAST_MS = 3000;
export const COUNTDOWN_TIME_ZONE = 'America/Los_Angeles';
export const DEFAULT_BRANCH_TIME_ZONE = 'America/Los_Angeles';
export const PAGE_SIZE = 15;
export const REFERRAL_CODE_LENGTH = 7;
export const IMAGE_MAX_BYTES = 10485760;
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const PHONE_MASK = '+1 (000) - 000 - 0000';
export const NAME_MAX = 60;
/** Mantine-compatible breakpoints from the spec's layout constants. */
export const BREAKPOINTS = { xs: 340, sm: 540, md: 768, lg: 1280 } as const;

/** Lifetimes of single-use links we e-mail (our choice; the spec is silent). */
export const PASSWORD_RESET_TTL_SECONDS = 3600;
export const EMAIL_VERIFICATION_TTL_SECONDS = 172800;
