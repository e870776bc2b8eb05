import { Alert, Badge, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import type { BulkProgress } from '@/api/bulk-run';
import { CountProgressBar } from '@/components/count-progress-bar';
import { formatClockTime } from '@/lib/format';
import { bulkResultLabel, type BulkReportLine } from './bulk-report';

/** A stage's heading, focused as the stage replaces the dialog's content. */
export function StageHeading({
  ref,
  children,
}: {
  ref: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Title order={3} size="h5" ref={ref} tabIndex={-1}>
      {children}
    </Title>
  );
}

/** Sending (or undoing): how far it has come, a pause the service asked for, and Cancel. */
export function RunningView({
  headingRef,
  progress,
  undo,
  cancelling,
  onCancel,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  progress: BulkProgress | null;
  undo: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const total = progress?.total ?? 0;
  const finished = progress?.finished ?? 0;
  const resumesAt = progress?.pausedUntil != null ? formatClockTime(progress.pausedUntil) : null;
  return (
    <Stack>
      <StageHeading ref={headingRef}>{undo ? 'Undoing' : 'Sending'}</StageHeading>
      <Text size="sm">
        {finished} of {total} finished
        {progress && progress.failed > 0 ? `, ${progress.failed} failed` : ''}.
      </Text>
      <CountProgressBar
        label="Bulk progress"
        done={finished}
        total={total}
        text={`${finished} of ${total} finished`}
      />
      {resumesAt && (
        <Alert role="status" color="yellow" title="The service is busy">
          It asked the console to wait. Sending continues by itself at {resumesAt}.
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {cancelling
            ? 'Cancelling: changes already on their way finish, the rest are not sent.'
            : 'Cancel stops the items not yet sent; the ones on their way finish.'}
        </Text>
        <Button variant="default" onClick={onCancel} disabled={cancelling}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** Each item and what became of it. */
export function ReportTable({ lines, label }: { lines: readonly BulkReportLine[]; label: string }) {
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th w={120}>Result</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>{line.item}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={resultColor[line.status]}>
                  {bulkResultLabel[line.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{line.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

const resultColor = { done: 'green', failed: 'red', cancelled: 'gray' } as const;
