/**
 * One colour per reading, shared by the chart and its legend. The theme's text shades read at AA
 * on the page in either scheme, so the trigger's label and every mark stay clear in dark mode.
 */
export const timelineColors = {
  trigger: 'var(--mantine-color-red-text)',
  forward: 'var(--mantine-color-blue-text)',
  lateral: 'var(--mantine-color-grape-text)',
  speed: 'var(--mantine-color-teal-text)',
} as const;
