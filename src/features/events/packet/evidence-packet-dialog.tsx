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
import { downloadBlob } from '@/lib/csv-export';
import { formatBytes } from '../event-format';
import type { SafetyLookups } from '../use-safety-lookups';
import type {
  PacketEventProgress,
  PacketEventState,
  PacketFileProgress,
} from './build-evidence-packet';
import { useEvidencePacket } from './use-evidence-packet';

const eventStateLabel: Record<PacketEventState, { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'gray' },
  packing: { label: 'Packing', color: 'blue' },
  packed: { label: 'Packed', color: 'green' },
  partial: { label: 'Packed in part', color: 'yellow' },
  failed: { label: 'Not packed', color: 'red' },
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
  const { run, build, cancel, reset } = useEvidencePacket(lookups);
  const [includeDce, setIncludeDce] = useState(false);
  const building = run.stage === 'building';
  const close = () => {
    if (building) return;
    reset();
    onClose();
  };
  const count = eventIds.length;
  const what = count === 1 ? 'this event' : `these ${count} events`;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Evidence packet"
      size="lg"
      closeOnClickOutside={!building}
      closeOnEscape={!building}
      withCloseButton={!building}
    >
      <Stack>
        {run.stage === 'idle' || run.stage === 'cancelled' ? (
          <>
            {run.stage === 'cancelled' && (
              <Alert role="status" color="gray" title="Cancelled">
                The packet was not finished, and nothing was saved.
              </Alert>
            )}
            <Text size="sm">
              One ZIP file for {what}: each video, a PDF report (details, readings against their
              thresholds, times, position and map, people, review and coaching, every note and three
              stills around the trigger) and a manifest with every file&apos;s SHA-256, who made the
              packet and when.
            </Text>
            <Checkbox
              label="Include the DCE files (the recorder's event file, for the vendor's desktop player)"
              checked={includeDce}
              onChange={(event) => setIncludeDce(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button onClick={() => void build(eventIds, includeDce)} disabled={count === 0}>
                Build packet
              </Button>
            </Group>
          </>
        ) : (
          <>
            <OverallProgress events={run.events} total={count} />
            {run.stage === 'done' && (
              <Alert role="status" color="green" title="Packet saved">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {run.packet.fileName} ({formatBytes(run.packet.zip.size)}) is in your downloads,
                    with {run.packet.manifest.files.length} files.
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => downloadBlob(run.packet.zip, run.packet.fileName)}
                  >
                    Save again
                  </Button>
                </Stack>
              </Alert>
            )}
            {run.stage === 'nothing-packed' && (
              <Alert role="alert" color="red" title="No event could be packed">
                Each event&apos;s reason is below. Nothing was saved.
              </Alert>
            )}
            {run.stage === 'failed' && (
              <Alert role="alert" color="red" title="The packet could not be made">
                {run.message} Nothing was saved.
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
                  Cancel
                </Button>
              ) : (
                <>
                  {run.stage !== 'done' && (
                    <Button variant="default" onClick={() => void build(eventIds, includeDce)}>
                      Try again
                    </Button>
                  )}
                  <Button onClick={close}>Close</Button>
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
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
  return (
    <Stack gap={4}>
      <Text size="sm">
        {finished} of {total} events finished
      </Text>
      <CountProgressBar
        label="Packet progress"
        done={finished}
        total={total}
        text={`${finished} of ${total} events finished`}
      />
    </Stack>
  );
}

function EventProgressItem({ event, label }: { event: PacketEventProgress; label: string }) {
  const state = eventStateLabel[event.state];
  return (
    <li aria-label={`Event ${label}`}>
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600} ff="monospace">
          {label}
        </Text>
        <Badge variant="light" color={state.color} tt="none">
          {state.label}
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
  const percent =
    file.state === 'done' ? 100 : file.total ? Math.round((file.loaded / file.total) * 100) : 0;
  const amount =
    file.loaded > 0
      ? `${formatBytes(file.loaded)}${file.total ? ` of ${formatBytes(file.total)}` : ''}`
      : '';
  const status: Record<PacketFileProgress['state'], string> = {
    waiting: 'waiting',
    reading: amount || 'working',
    done: amount ? `done, ${amount}` : 'done',
    failed: 'failed',
    skipped: 'skipped',
  };
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
        aria-label={`${file.label} of ${eventLabel}`}
      />
    </Stack>
  );
}
