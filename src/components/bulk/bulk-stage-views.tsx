import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import type { BulkProgress } from '@/api/bulk-run';
import { CountProgressBar } from '@/components/count-progress-bar';
import { formatClockTime, formatNumber } from '@/lib/format';
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
  const { t } = useLingui();
  const total = progress?.total ?? 0;
  const finished = progress?.finished ?? 0;
  const resumesAt = progress?.pausedUntil != null ? formatClockTime(progress.pausedUntil) : null;
  const finishedCount = formatNumber(finished);
  const totalCount = formatNumber(total);
  const failedCount = formatNumber(progress?.failed ?? 0);
  const finishedText = t`${finishedCount} of ${totalCount} finished`;
  return (
    <Stack>
      <StageHeading ref={headingRef}>{undo ? t`Undoing` : t`Sending`}</StageHeading>
      <Text size="sm">
        {progress && progress.failed > 0
          ? t`${finishedCount} of ${totalCount} finished, ${failedCount} failed.`
          : t`${finishedCount} of ${totalCount} finished.`}
      </Text>
      <CountProgressBar
        label={t`Bulk progress`}
        done={finished}
        total={total}
        text={finishedText}
      />
      {resumesAt && (
        <Alert role="status" color="yellow" title={t`The service is busy`}>
          <Trans>It asked the console to wait. Sending continues by itself at {resumesAt}.</Trans>
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {cancelling
            ? t`Cancelling: changes already on their way finish, the rest are not sent.`
            : t`Cancel stops the items not yet sent; the ones on their way finish.`}
        </Text>
        <Button variant="default" onClick={onCancel} disabled={cancelling}>
          <Trans>Cancel</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** Each item and what became of it. */
export function ReportTable({ lines, label }: { lines: readonly BulkReportLine[]; label: string }) {
  const { i18n } = useLingui();
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Item</Trans>
            </Table.Th>
            <Table.Th w={120}>
              <Trans>Result</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Message</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>{line.item}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={resultColor[line.status]}>
                  {i18n._(bulkResultLabel[line.status])}
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
