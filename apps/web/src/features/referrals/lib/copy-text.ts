import { REFERRAL_MSG } from '@haulpro/shared/referral';
import { notifications } from '@mantine/notifications';

/**
 * Copies text and toasts `success`; an empty text toasts "Referral code doesn't exist" and a
 * refused clipboard "Error while is copying" (spec messages). Resolves true when copied.
 */
export async function copyText(text: string, success: string | null): Promise<boolean> {
  if (!text) {
    notifications.show({ color: 'red', message: REFERRAL_MSG.codeMissing });
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    if (success) notifications.show({ color: 'teal', message: success });
    return true;
  } catch {
    notifications.show({ color: 'red', message: REFERRAL_MSG.copyError });
    return false;
  }
}

/** The sign-up links of a code (spec): clients at /referral, movers at /register. */
export function inviteLinks(code: string, origin: string = window.location.origin) {
  const q = `?referral_code=${encodeURIComponent(code)}`;
  return { clients: `${origin}/referral${q}`, movers: `${origin}/register${q}` };
}
