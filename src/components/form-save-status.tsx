import { Text } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/**
 * A form's one-line save state ("No unsaved changes.", "Saved."). Focusable from script only:
 * after a save the form moves focus here, so a keyboard user stays in the form (the Save button
 * is disabled while saving, which would otherwise drop focus to the page) and hears the outcome.
 */
export function FormSaveStatus({
  ref,
  children,
}: {
  ref?: Ref<HTMLParagraphElement>;
  children: ReactNode;
}) {
  return (
    <Text ref={ref} size="sm" c="dimmed" role="status" tabIndex={-1}>
      {children}
    </Text>
  );
}
