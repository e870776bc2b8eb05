import { Alert, Group, Stack } from '@mantine/core';
import { describeError } from '@/api/api-error';
import { ButtonLink } from './button-link';

/** A missing or hidden event says so and leads back to the queue (other errors use the app's view). */
export function EventUnavailable({ error }: { error: unknown }) {
  return (
    <Stack maw={720}>
      <Alert color="gray" variant="light" title="This event cannot be shown" role="alert">
        {describeError(error)} The event may have been removed, or your account may not have access
        to its group.
      </Alert>
      <Group>
        <ButtonLink to="/events">Back to the queue</ButtonLink>
      </Group>
    </Stack>
  );
}
