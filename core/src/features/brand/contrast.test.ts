import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';
import { clientConfigFixture } from '../../testing/client-config-fixture';
import { brandTheme, textPairs } from './brand-theme';
import { CONTROL_CONTRAST, TEXT_CONTRAST, contrastRatio } from './contrast';
import type { BrandHost } from '../../api/schemas/config';

/** The three vendors' theme colours of the brand hosts (docs/product.md#brands). */
const VENDOR_COLOURS = { Photobox: '#0072b9', Hofmann: '#c8102e', albelli: '#e8590c' };

function themeOf(themeColor: string) {
  const brand = { ...clientConfigFixture().Brands[0]!, themeColor } as BrandHost;
  const theme = mergeMantineTheme(DEFAULT_THEME, brandTheme(brand));
  const shade = theme.primaryShade as number;
  return {
    brand: theme.colors.brand as MantineColorsTuple,
    red: theme.colors.red as MantineColorsTuple,
    shade,
    gray: theme.colors.gray,
  };
}

describe('colour contrast of every brand theme (WCAG 2.1 AA)', () => {
  it('matches WCAG’s reference values', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // The faults this fixes: white on Mantine's red 6 and on albelli's own orange.
    expect(contrastRatio('#ffffff', '#fa5252')).toBeLessThan(TEXT_CONTRAST);
    expect(contrastRatio('#ffffff', '#e8590c')).toBeLessThan(TEXT_CONTRAST);
  });

  const hosts = clientConfigFixture().Brands.map((brand) => [brand.host, brand.themeColor]);
  it.each([...Object.entries(VENDOR_COLOURS), ...hosts])(
    '%s (%s): text pairs reach 4.5:1, control edges 3:1, and the brand stays its own hue',
    (_name, colour) => {
      const { brand, red, shade } = themeOf(colour!);
      for (const palette of [brand, red]) {
        for (const [fg, bg] of textPairs(palette, shade)) {
          expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
        // A filled button or a checked box against the white page.
        expect(contrastRatio(palette[shade]!, '#ffffff')).toBeGreaterThanOrEqual(CONTROL_CONTRAST);
      }
      // Recognisable: the filled colour is the brand's own or a darker shade of it.
      const hue = (hex: string) => {
        const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
        const max = Math.max(r!, g!, b!);
        const min = Math.min(r!, g!, b!);
        const d = max - min;
        const h =
          max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
        return (h * 60 + 360) % 360;
      };
      expect(Math.abs(hue(brand[shade]!) - hue(colour!))).toBeLessThan(4);
    },
  );

  it('any theme colour a config may hold gets a passing filled shade', () => {
    for (let hue = 0; hue < 360; hue += 15) {
      for (const lightness of [35, 50, 65]) {
        const colour = hslHex(hue, 85, lightness);
        const { brand, shade } = themeOf(colour);
        for (const [fg, bg] of textPairs(brand, shade)) {
          expect(contrastRatio(fg, bg), `${colour}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(
            TEXT_CONTRAST,
          );
        }
      }
    }
  });
});

function hslHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
