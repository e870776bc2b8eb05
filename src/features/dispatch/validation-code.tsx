import { Stack, Text } from '@mantine/core';
import { describeValidationCode } from '@/api/driver-assignments';

/** The service's code as secondary detail: for support, not for reading. */
function ServiceCodeDetail({ code }: { code: string }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace">
      {code}
    </Text>
  );
}

/** A service validation code as a plain sentence (seed §7), with the code itself below it. */
export function ValidationCode({ code }: { code: string }) {
  const { kind, explanation } = describeValidationCode(code);
  return (
    <Stack gap={2} align="flex-start">
      {/* Only a rejection is coloured: the other sentences read as plain text. */}
      <Text size="sm" c={kind === 'error' ? 'red' : undefined}>
        {explanation}
      </Text>
      <ServiceCodeDetail code={code} />
    </Stack>
  );
}

/** "3 SUCCESS, 1 E_NO_MATCH_VEHICLE": the codes of a check or a batch, most frequent first. */
export function countCodes(codes: Iterable<string>): { code: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}
