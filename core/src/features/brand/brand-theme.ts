import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineThemeOverride } from '@mantine/core';
import type { BrandHost } from '../../api/schemas/config';
import { shadesOf } from '../../lib/colors';

/** Per brand class: the vendors' house styles differ in type and roundness, not in layout. */
const classStyles: Record<
  BrandHost['brandClass'],
  Pick<MantineThemeOverride, 'fontFamily' | 'headings' | 'defaultRadius'>
> = {
  pbx: {
    fontFamily: "'Helvetica Neue', Arial, system-ui, sans-serif",
    headings: { fontFamily: "'Helvetica Neue', Arial, system-ui, sans-serif", fontWeight: '700' },
    defaultRadius: 'xl',
  },
  hfm: {
    fontFamily: "Georgia, 'Times New Roman', serif",
    headings: { fontFamily: "Georgia, 'Times New Roman', serif", fontWeight: '600' },
    defaultRadius: 'xs',
  },
  alb: {
    fontFamily: "'Segoe UI', Roboto, system-ui, sans-serif",
    headings: { fontFamily: "'Segoe UI', Roboto, system-ui, sans-serif", fontWeight: '600' },
    defaultRadius: 'md',
  },
};

/** The Mantine theme of a brand: its theme colour as the primary colour, its class's type and radius. */
export function brandTheme(brand: BrandHost): MantineThemeOverride {
  return createTheme({
    ...classStyles[brand.brandClass],
    colors: { brand: shadesOf(brand.themeColor) },
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    // docs/product.md#limits breakpoints: small < 575, medium < 1024, large < 1280, else extra large.
    breakpoints: { xs: '30em', sm: '35.9375em', md: '64em', lg: '80em', xl: '90em' },
    focusRing: 'auto',
  });
}

/**
 * Mantine's default dimmed text (gray 6, #868e96) is 3.3:1 on white, under WCAG AA's 4.5:1 for
 * body text; footers, hints and dates use it, so every brand darkens it to gray 7 (#495057).
 */
export const accessibleColorsResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
