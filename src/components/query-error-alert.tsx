import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { describeError } from '@/api/api-error';

/** A failed read, shown where its data would have been, with a way to try again. */
export function QueryErrorAlert({
  error,
  onRetry,
  title,
  message = describeError(error),
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  /** What went wrong, when the API's own words need help (a legacy API, a link to Settings). */
  message?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Alert color="red" title={title ?? t`Could not load this`} role="alert">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          // Never squeezed: on a phone a long message would otherwise cut the label short.
          <Button size="xs" variant="white" color="red" onClick={onRetry} style={{ flexShrink: 0 }}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Group>
    </Alert>
  );
}
