import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineThemeOverride } from '@mantine/core';
import type { BrandHost } from '../../api/schemas/config';
import type { MantineColorsTuple } from '@mantine/core';
import { shadesOf } from '../../lib/colors';
import { TEXT_CONTRAST, contrastRatio, mixHex } from './contrast';

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

const WHITE = '#ffffff';

/**
 * The pairs of a colour's shades Mantine puts text on (light scheme), each needing 4.5:1: white
 * on the filled shade (buttons), the filled shade on white (links, subtle and outline buttons)
 * and on the light shade 1 (a link inside a light alert, like the timeline banner's FAQ), and
 * the light variant's text (shade 9) on shade 1.
 */
export function textPairs(shades: MantineColorsTuple, filled: number): Array<[string, string]> {
  const shade = (index: number) => shades[index]!;
  return [
    [WHITE, shade(filled)],
    [shade(filled), WHITE],
    [shade(filled), shade(1)],
    [shade(9), shade(1)],
  ];
}

/**
 * A colour's ten shades with contrast built in (docs/product.md#brands): shade 6, the filled
 * one, is the colour itself where white text on it, it on white and it on the light tint
 * (shade 1) reach 4.5:1, else the least darkened shade of it that does (albelli's orange goes
 * about a fifth darker; the hue stays). Shade 1, the light variant's background, is a pale
 * tint, so links and text on it stay readable.
 */
export function accessiblePalette(hex: string): MantineColorsTuple {
  const own = shadesOf(hex);
  const tint = mixHex(hex, WHITE, 0.88);
  let palette = own;
  for (let darken = 0; darken <= 0.8; darken += 0.02) {
    const dark = shadesOf(mixHex(hex, '#000000', darken));
    palette = [own[0], tint, own[2], own[3], own[4], own[5], dark[6], dark[7], dark[8], dark[9]];
    if (textPairs(palette, 6).every(([fg, bg]) => contrastRatio(fg, bg) >= TEXT_CONTRAST)) break;
  }
  return palette;
}

/** Mantine's red (shade 6 #fa5252, white on it 3.3:1), made accessible like a brand colour. */
export const DESTRUCTIVE_RED = '#fa5252';

/** The Mantine theme of a brand: its theme colour as the primary colour, its class's type and radius. */
export function brandTheme(brand: BrandHost): MantineThemeOverride {
  return createTheme({
    ...classStyles[brand.brandClass],
    colors: { brand: accessiblePalette(brand.themeColor), red: accessiblePalette(DESTRUCTIVE_RED) },
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    // docs/product.md#limits breakpoints: small < 575, medium < 1024, large < 1280, else extra large.
    breakpoints: { xs: '30em', sm: '35.9375em', md: '64em', lg: '80em', xl: '90em' },
    focusRing: 'auto',
    // prefers-reduced-motion: reduce: Mantine's transitions (dialogs, menus, toasts) take no time.
    respectReducedMotion: true,
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
