import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { describeError, isApiError } from '@/api/api-error';

/** Each route's error boundary: a readable message and a retry that refetches the route's data. */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorReset.reset();
  }, [queryErrorReset]);

  const details = isApiError(error) ? error.details : [];
  return (
    <Stack p="md" maw={720}>
      <Alert color="red" title="This page could not be shown" role="alert">
        <Text>{describeError(error)}</Text>
        {details.length > 0 && (
          <Stack gap={4} mt="xs">
            {details.map((detail) => (
              <Code key={detail} block>
                {detail}
              </Code>
            ))}
          </Stack>
        )}
      </Alert>
      <Group>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
      </Group>
    </Stack>
  );
}
