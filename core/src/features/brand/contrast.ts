/**
 * WCAG 2.1 contrast (docs/product.md#brands: every brand theme meets AA): 4.5:1 for text,
 * 3:1 for the edges of controls. Colours are `#rrggbb`.
 */

export const TEXT_CONTRAST = 4.5;
export const CONTROL_CONTRAST = 3;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Relative luminance of a colour (WCAG 2.1). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `a` moved towards `b` by `amount` (0: a, 1: b), per channel. */
export function mixHex(a: string, b: string, amount: number): string {
  const [from, to] = [channels(a), channels(b)];
  return `#${from
    .map((c, i) =>
      Math.round(c + (to[i]! - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
