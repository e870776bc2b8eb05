import { DEFAULT_THEME, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, readableShade, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;

describe('theme contrast', () => {
  it.each(Object.keys(merged.colors))('%s text, outlines and light variants read at AA', (name) => {
    const shades = merged.colors[name]!;
    expect(
      contrastRatio(light[`--mantine-color-${name}-text`]!, merged.white),
    ).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(light[`--mantine-color-${name}-outline`]!, merged.white),
    ).toBeGreaterThanOrEqual(4.5);
    for (const background of [shades[1], shades[2]]) {
      expect(
        contrastRatio(light[`--mantine-color-${name}-light-color`]!, background),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(Object.keys(merged.colors))('%s filled surfaces get text that reads at AA', (name) => {
    for (const shade of [merged.colors[name]![8], merged.colors[name]![9]]) {
      const text = getContrastColor({ color: shade, theme: merged, autoContrast: true });
      expect(
        contrastRatio(text === 'var(--mantine-color-white)' ? merged.white : merged.black, shade),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed, error, placeholder and link colours read at AA on white', () => {
    for (const variable of ['dimmed', 'error', 'placeholder', 'anchor']) {
      expect(contrastRatio(light[`--mantine-color-${variable}`]!, '#fff')).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('keeps a readable shade when there is one and darkens past the palette when not', () => {
    expect(readableShade(merged.colors.blue, '#fff', 8)).toBe(merged.colors.blue[8]);
    expect(
      contrastRatio(readableShade(merged.colors.yellow, '#fff', 8), '#fff'),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
