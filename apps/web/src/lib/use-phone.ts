import { BREAKPOINTS } from '@haulpro/shared/constants';
import { useMediaQuery } from '@mantine/hooks';

/** Below the sm breakpoint (540 px): phones. */
export const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;

/** True on phones, read on the first render (no desktop flash before the effect runs). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
