import { BREAKPOINTS } from '@haulpro/shared/constants';
import { createTheme, type MantineThemeOverride } from '@mantine/core';

const em = (px: number) => `${px / 16}em`;

/** Mantine theme: the spec's breakpoints (xs 340, sm 540, md 768, lg 1280 px, in em as Mantine expects). */
export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: '88em',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'xl' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
