/** A US ZIP code: five digits (spec: zip mask). */
export const ZIP_PATTERN = /^\d{5}$/;
export const INVALID_ZIP = 'Invalid zip code';
