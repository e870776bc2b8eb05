import { Badge, Stack, Text } from '@mantine/core';
import { describeValidationCode, type ValidationCodeKind } from '@/api/driver-assignments';

export const CODE_KIND_COLOR: Record<ValidationCodeKind, string> = {
  success: 'green',
  info: 'blue',
  error: 'red',
};

/** A service validation code with its meaning in plain words (seed §7). */
export function ValidationCode({ code }: { code: string }) {
  const { kind, explanation } = describeValidationCode(code);
  return (
    <Stack gap={2} align="flex-start">
      <Badge size="sm" variant="light" color={CODE_KIND_COLOR[kind]}>
        {code}
      </Badge>
      <Text size="xs" c={kind === 'error' ? 'red' : 'dimmed'}>
        {explanation}
      </Text>
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
