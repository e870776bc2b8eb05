import { Stack, Text } from '@mantine/core';
import { describeValidationCode } from '@/api/driver-assignments';

/** The service's code as secondary detail: for support, not for reading. */
function ServiceCodeDetail({ code, onTint }: { code: string; onTint: boolean }) {
  return (
    <Text size="xs" c={onTint ? undefined : 'dimmed'} ff="monospace">
      {code}
    </Text>
  );
}

/**
 * A service validation code as a plain sentence (seed §7), with the code itself below it. Only a
 * rejection is coloured, and nothing is coloured or dimmed `onTint` (inside a coloured alert, both
 * are too faint to read).
 */
export function ValidationCode({ code, onTint = false }: { code: string; onTint?: boolean }) {
  const { kind, explanation } = describeValidationCode(code);
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" c={kind === 'error' && !onTint ? 'red' : undefined}>
        {explanation}
      </Text>
      <ServiceCodeDetail code={code} onTint={onTint} />
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
