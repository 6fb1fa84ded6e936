/**
 * Every user-facing validation and error message, word for word from the spec
 * (rules-calls-errors-constants.md, sections 5 and 8). Messages the spec does not
 * give are ours and are marked as such.
 */
export const MSG = {
  invalidEmail: 'Invalid email',
  invalidPassword: 'Invalid password',
  invalidFirstName: 'Invalid first name',
  invalidLastName: 'Invalid last name',
  fileTooLarge: 'File cannot be larger than 10M',
  maxLength60: 'Max length is 60 character',
  maxLength120: 'Max length is 120 character',
  maxLength60Should: 'Max length should be 60 characters',
  maxLength30: 'Max length is 30 character',
  onlyPositive: 'Only positive numbers',
  paymentMethodRequired: 'Payment method field is required',
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Invalid phone number',
  fieldRequired: 'This field is required.',
  referralCodeMissing: "Referral code doesn't exist",
  // Ours (the spec gives no text for these):
  emailTaken: 'This email is already registered',
  wrongOldPassword: 'The old password is incorrect',
  passwordMin6: 'Password must be at least 6 characters',
  passwordMin8: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  samePassword: 'The new password must differ from the old one',
  invalidCredentials: 'These credentials do not match our records.',
  tooManyLogins: 'Too many sign-in attempts. Please wait a minute and try again.',
  bodyTooLarge: 'The request body is too large.',
  badUrl: 'The address of this request is not valid.',
  urlTooLong: 'The address of this request is too long.',
  unsupportedMediaType: 'This kind of request body is not accepted here: send JSON.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  resetLinkSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. You can sign in now.',
  passwordUpdated: 'Password updated successfully',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email has been verified.',
  verificationSent: 'We sent you a new verification email.',
  registered: 'Registration successful. Please check your email to verify your account.',
  profileSaved: 'Profile updated successfully',
  imageType: 'Only png, jpg and jpeg images are accepted',
  fileTypeWithPdf: 'Only png, jpg, jpeg and pdf files are accepted',
  fileLinkInvalid: 'This file link is invalid or has expired.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different booking. Send a new key for a new booking.',
  bookingMaybePlaced:
    'This booking may already have been placed with other details: check My Orders. Press Book now again to place a new one.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  invalidBody: 'The request body is not valid JSON.',
  validationFailed: 'The given data was invalid.',
  serverError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  databaseDown: 'Database unavailable',
} as const;

/**
 * The sign-in lockout's words, matching its Retry-After (whole minutes, rounded up): "a minute"
 * after too many attempts from one address, "15 minutes" after too many for one account.
 */
export function tooManyLoginsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1
    ? MSG.tooManyLogins
    : `Too many sign-in attempts. Please wait ${minutes} minutes and try again.`;
}
