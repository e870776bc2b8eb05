import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Darker filled shades keep white text on buttons and badges at 4.5:1 contrast or better.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
});

/** Mantine's default dimmed and error colours fall short of WCAG AA on white; darken them. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7],
    '--mantine-color-error': mantineTheme.colors.red[8],
    '--mantine-color-placeholder': mantineTheme.colors.gray[6],
    '--mantine-color-anchor': mantineTheme.colors.blue[8],
  },
  dark: {
    '--mantine-color-dimmed': mantineTheme.colors.dark[1],
    '--mantine-color-error': mantineTheme.colors.red[5],
    '--mantine-color-anchor': mantineTheme.colors.blue[3],
  },
});
