import { useMediaQuery } from '@mantine/hooks';

/**
 * True where the main pointer is a finger: keyboard hints (j/k, "?") mean nothing there. A touch
 * laptop with a mouse or trackpad as its main pointer still counts as a keyboard device.
 */
export function useTouchScreen(): boolean {
  return useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
}
