import { BREAKPOINTS } from '@haulpro/shared/constants';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineThemeOverride,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Light variants (badges, light buttons) use a colour's shade 9 on its pale tint; for yellow,
 * orange, lime and the like that is under 4.5:1. Darkening the text by a third clears AA for
 * every palette colour and keeps the hue.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return resolved;
  const shade9 = input.theme.colors[parsed.color]?.[9];
  return shade9 ? { ...resolved, color: darken(shade9, 0.35), hoverColor: darken(shade9, 0.35) } : resolved;
};

const em = (px: number) => `${px / 16}em`;

/** Mantine theme: the spec's breakpoints (xs 340, sm 540, md 768, lg 1280 px, in em as Mantine expects). */
export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above 4.5:1 (WCAG AA); autoContrast picks dark
  // text on light fills (yellow, lime...) by luminance.
  primaryShade: { light: 8, dark: 6 },
  autoContrast: true,
  // Above this luminance a filled colour gets dark text: at 0.2 every palette colour's shade 8
  // reaches 4.5:1 with white or with dark text (at Mantine's 0.3, white on green is 3.3:1).
  luminanceThreshold: 0.2,
  variantColorResolver,
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
    Modal: { defaultProps: { radius: 'lg', centered: true, closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A toast's text under its title is Mantine's gray 6 (3.3:1 on white): gray 7 reads (8:1, axe).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // Focus is not trapped in menus: arrow keys move within a menu and Escape closes it. No hidden
    // focus placeholder inside role="menu" (a menu holds only items, ARIA): opening it from the
    // keyboard focuses its first item, as the WAI-ARIA menu pattern has it.
    Menu: { defaultProps: { trapFocus: false, withInitialFocusPlaceholder: false } },
    // The arrow buttons have no text: name them for screen readers.
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
        }),
      },
    },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/**
 * Mantine's default dimmed text (gray 6, #868e96) is 3.3:1 on white, below WCAG AA's 4.5:1 for
 * body text; gray 7 (#495057) is 8.6:1 and still reads as secondary.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders are text too: gray 5 is 2.4:1 on white.
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
