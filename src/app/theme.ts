import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * The lightest shade from `fromShade` on that reads at AA on `background`; past the darkest
 * shade, that shade darkened step by step (yellow and lime have no readable shade of their own).
 */
export function readableShade(
  shades: MantineColorsTuple,
  background: string,
  fromShade: number,
): string {
  const readable = shades
    .slice(fromShade)
    .find((shade) => contrastRatio(shade, background) >= MIN_CONTRAST);
  if (readable) return readable;
  let darkened = shades[9];
  for (let amount = 0.05; contrastRatio(darkened, background) < MIN_CONTRAST; amount += 0.05) {
    darkened = darken(shades[9], amount);
  }
  return darkened;
}

const PRIMARY_SHADE_LIGHT = 8;

export const theme = createTheme({
  // Someone who asked the system for less motion gets dialogs, menus and panels without animation.
  respectReducedMotion: true,
  primaryColor: 'blue',
  // Darker filled shades keep white text on buttons and badges at 4.5:1 contrast or better.
  primaryShade: { light: PRIMARY_SHADE_LIGHT, dark: 8 },
  // Filled colours too light for white text (green, orange, yellow…) get dark text instead; at
  // this threshold whichever of white or black is chosen reads at 4.5:1 or better.
  autoContrast: true,
  luminanceThreshold: 0.183,
  defaultRadius: 'sm',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  // Plain objects, not Component.extend(): importing the components here would put every one of
  // them in the start-up bundle. The close buttons' names are set by the signed-in shell (see
  // app-layout.tsx), in the chosen language: the pages before it show no dialog or closable alert.
  components: {
    // Links inside sentences must stand out by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Centred under its field, a dropdown is first placed before its width is known: half a field
    // to the right. On a phone that overflows the screen, the page widens, the field grows, and the
    // dropdown chases it for ever (no option can be tapped). Aligned to the field's start, it fits.
    Combobox: { defaultProps: { position: 'bottom-start' } },
  },
});

/**
 * Mantine's light-scheme defaults fall short of WCAG AA on white: dimmed, error, placeholder and
 * link greys and reds, coloured text and outlines (shade 8 of green, orange…), and the text of
 * light badges, alerts and active links (shade 9 on shade 2). Each gets the first readable shade.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7],
    '--mantine-color-error': mantineTheme.colors.red[8],
    '--mantine-color-placeholder': mantineTheme.colors.gray[7],
    // Shade 9: links also sit on the light blue of selected rows.
    '--mantine-color-anchor': mantineTheme.colors.blue[9],
    ...Object.fromEntries(
      Object.entries(mantineTheme.colors).flatMap(([name, shades]) => {
        const onWhite = readableShade(shades, mantineTheme.white, PRIMARY_SHADE_LIGHT);
        return [
          [`--mantine-color-${name}-text`, onWhite],
          [`--mantine-color-${name}-outline`, onWhite],
          // Shade 2 is the hover background of the light variant, the darker of its two.
          [`--mantine-color-${name}-light-color`, readableShade(shades, shades[2], 9)],
        ];
      }),
    ),
  },
  dark: {
    '--mantine-color-dimmed': mantineTheme.colors.dark[1],
    '--mantine-color-placeholder': mantineTheme.colors.dark[1],
    '--mantine-color-error': mantineTheme.colors.red[5],
    '--mantine-color-anchor': mantineTheme.colors.blue[3],
  },
});
