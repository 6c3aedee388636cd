import type { MantineColorsTuple } from '@mantine/core';

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: [number, number, number], to: number, amount: number): string {
  return toHex(from.map((c) => c + (to - c) * amount) as [number, number, number]);
}

/**
 * Mantine needs ten shades per colour; index 6 (the default primary shade) is the brand's own
 * theme colour, lighter shades mix towards white and darker ones towards black.
 */
export function shadesOf(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  return [
    mix(base, 255, 0.92),
    mix(base, 255, 0.8),
    mix(base, 255, 0.64),
    mix(base, 255, 0.46),
    mix(base, 255, 0.28),
    mix(base, 255, 0.12),
    toHex(base),
    mix(base, 0, 0.14),
    mix(base, 0, 0.28),
    mix(base, 0, 0.42),
  ];
}
