import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack p="xl" align="flex-start">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">
        There is nothing at this address. It may have moved, or the link is mistyped.
      </Text>
      <Button component={Link} to="/">
        Go to the overview
      </Button>
    </Stack>
  );
}
