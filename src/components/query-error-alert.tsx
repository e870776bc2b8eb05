import { Alert, Button, Group, Text } from '@mantine/core';
import { describeError } from '@/api/api-error';

/** A failed read, shown where its data would have been, with a way to try again. */
export function QueryErrorAlert({
  error,
  onRetry,
  title = 'Could not load this',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
