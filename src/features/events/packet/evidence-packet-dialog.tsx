import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { CountProgressBar } from '@/components/count-progress-bar';
import { NeedsConnectionButton } from '@/components/needs-connection';
import { downloadBlob } from '@/lib/csv-export';
import { formatNumber } from '@/lib/format';
import { formatBytes } from '../event-format';
import type { SafetyLookups } from '../use-safety-lookups';
import type {
  PacketEventProgress,
  PacketEventState,
  PacketFileProgress,
} from './build-evidence-packet';
import { useEvidencePacket } from './use-evidence-packet';

const eventStateLabel: Record<PacketEventState, { label: MessageDescriptor; color: string }> = {
  waiting: { label: msg`Waiting`, color: 'gray' },
  packing: { label: msg`Packing`, color: 'blue' },
  packed: { label: msg`Packed`, color: 'green' },
  partial: { label: msg`Packed in part`, color: 'yellow' },
  failed: { label: msg`Not packed`, color: 'red' },
};

interface EvidencePacketDialogProps {
  opened: boolean;
  onClose: () => void;
  eventIds: readonly string[];
  /** How the events are named before their details are read ("EVT-2026-000123"). */
  labelOf?: (eventId: string) => string | undefined;
  lookups: SafetyLookups;
}

/**
 * Builds an evidence packet for one event or a few: video, PDF report and a hashed manifest in
 * one ZIP, with progress per event and per file and a Cancel that stops at once.
 */
export function EvidencePacketDialog({
  opened,
  onClose,
  eventIds,
  labelOf,
  lookups,
}: EvidencePacketDialogProps) {
  const { t } = useLingui();
  const { run, build, cancel, reset } = useEvidencePacket(lookups);
  const [includeDce, setIncludeDce] = useState(false);
  const building = run.stage === 'building';
  const close = () => {
    if (building) return;
    reset();
    onClose();
  };
  const count = eventIds.length;
  const eventCount = formatNumber(count);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`Evidence packet`}
      size="lg"
      closeOnClickOutside={!building}
      closeOnEscape={!building}
      withCloseButton={!building}
    >
      <Stack>
        {run.stage === 'idle' || run.stage === 'cancelled' ? (
          <>
            {run.stage === 'cancelled' && (
              <Alert role="status" color="gray" title={t`Cancelled`}>
                <Trans>The packet was not finished, and nothing was saved.</Trans>
              </Alert>
            )}
            <Text size="sm">
              {count <= 1
                ? t`One ZIP file for this event: each video, a PDF report (details, readings against their thresholds, times, position and map, people, review and coaching, every note and three stills around the trigger) and a manifest with every file's SHA-256, who made the packet and when.`
                : t`One ZIP file for these ${eventCount} events: each video, a PDF report (details, readings against their thresholds, times, position and map, people, review and coaching, every note and three stills around the trigger) and a manifest with every file's SHA-256, who made the packet and when.`}
            </Text>
            <Checkbox
              label={t`Include the DCE files (the recorder's event file, for the vendor's desktop player)`}
              checked={includeDce}
              onChange={(event) => setIncludeDce(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                <Trans>Close</Trans>
              </Button>
              <NeedsConnectionButton
                onClick={() => void build(eventIds, includeDce)}
                disabled={count === 0}
              >
                <Trans>Build packet</Trans>
              </NeedsConnectionButton>
            </Group>
          </>
        ) : (
          <>
            <OverallProgress events={run.events} total={count} />
            {run.stage === 'done' && (
              <Alert role="status" color="green" title={t`Packet saved`}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    <SavedPacketText
                      fileName={run.packet.fileName}
                      size={formatBytes(run.packet.zip.size)}
                      files={run.packet.manifest.files.length}
                    />
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => downloadBlob(run.packet.zip, run.packet.fileName)}
                  >
                    <Trans>Save again</Trans>
                  </Button>
                </Stack>
              </Alert>
            )}
            {run.stage === 'nothing-packed' && (
              <Alert role="alert" color="red" title={t`No event could be packed`}>
                {t`Each event's reason is below. Nothing was saved.`}
              </Alert>
            )}
            {run.stage === 'failed' && (
              <Alert role="alert" color="red" title={t`The packet could not be made`}>
                {run.message} <Trans>Nothing was saved.</Trans>
              </Alert>
            )}
            <ScrollArea.Autosize mah={380} type="auto">
              <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {run.events.map((event) => (
                  <EventProgressItem
                    key={event.eventId}
                    event={event}
                    label={labelOf?.(event.eventId) ?? event.label}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              {building ? (
                <Button variant="default" onClick={cancel}>
                  <Trans>Cancel</Trans>
                </Button>
              ) : (
                <>
                  {run.stage !== 'done' && (
                    <NeedsConnectionButton
                      variant="default"
                      onClick={() => void build(eventIds, includeDce)}
                    >
                      <Trans>Try again</Trans>
                    </NeedsConnectionButton>
                  )}
                  <Button onClick={close}>
                    <Trans>Close</Trans>
                  </Button>
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** "evidence-EVT-1.zip (2.0 MB) is in your downloads, with 6 files." */
function SavedPacketText({
  fileName,
  size,
  files,
}: {
  fileName: string;
  size: string;
  files: number;
}) {
  const fileCount = formatNumber(files);
  return files === 1 ? (
    <Trans>
      {fileName} ({size}) is in your downloads, with {fileCount} file.
    </Trans>
  ) : (
    <Trans>
      {fileName} ({size}) is in your downloads, with {fileCount} files.
    </Trans>
  );
}

function OverallProgress({
  events,
  total,
}: {
  events: readonly PacketEventProgress[];
  total: number;
}) {
  const finished = events.filter(
    (event) => event.state !== 'waiting' && event.state !== 'packing',
  ).length;
  const { t } = useLingui();
  const finishedCount = formatNumber(finished);
  const text = plural(total, {
    one: `${finishedCount} of # event finished`,
    other: `${finishedCount} of # events finished`,
  });
  return (
    <Stack gap={4}>
      <Text size="sm">{text}</Text>
      <CountProgressBar label={t`Packet progress`} done={finished} total={total} text={text} />
    </Stack>
  );
}

function EventProgressItem({ event, label }: { event: PacketEventProgress; label: string }) {
  const { t, i18n } = useLingui();
  const state = eventStateLabel[event.state];
  return (
    <li aria-label={t`Event ${label}`}>
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600} ff="monospace">
          {label}
        </Text>
        <Badge variant="light" color={state.color} tt="none">
          {i18n._(state.label)}
        </Badge>
      </Group>
      <Stack gap={4} pl="sm">
        {event.files.map((file) => (
          <FileProgressLine key={file.label} file={file} eventLabel={label} />
        ))}
        {event.problems.map((problem) => (
          <Text key={problem} size="sm" c="red">
            {problem}
          </Text>
        ))}
      </Stack>
    </li>
  );
}

function FileProgressLine({ file, eventLabel }: { file: PacketFileProgress; eventLabel: string }) {
  const { t } = useLingui();
  const percent =
    file.state === 'done' ? 100 : file.total ? Math.round((file.loaded / file.total) * 100) : 0;
  const loaded = formatBytes(file.loaded);
  const total = file.total ? formatBytes(file.total) : null;
  let amount = '';
  if (file.loaded > 0) amount = total ? t`${loaded} of ${total}` : loaded;
  const status: Record<PacketFileProgress['state'], string> = {
    waiting: t`waiting`,
    reading: amount || t`working`,
    done: amount ? t`done, ${amount}` : t`done`,
    failed: t`failed`,
    skipped: t`skipped`,
  };
  const fileLabel = file.label;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="xs">{file.label}</Text>
        <Text size="xs" c={file.state === 'failed' ? 'red' : 'dimmed'}>
          {status[file.state]}
        </Text>
      </Group>
      <Progress
        size="sm"
        value={percent}
        color={file.state === 'failed' ? 'red' : undefined}
        aria-label={t`${fileLabel} of ${eventLabel}`}
      />
    </Stack>
  );
}
