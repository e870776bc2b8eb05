import { Button, Group, Text } from '@mantine/core';
import { EvidencePacketButton } from './packet/evidence-packet-button';
import { MAX_PACKET_EVENTS, type PacketPicks } from './packet/use-packet-picks';
import type { SafetyLookups } from './use-safety-lookups';

/** How many events are picked for an evidence packet, the packet's button, and clearing them. */
export function PickedEventsBar({
  picks,
  lookups,
}: {
  picks: PacketPicks;
  lookups: SafetyLookups;
}) {
  if (picks.picked.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Picked events">
      <Text size="sm">
        {picks.picked.length} of {MAX_PACKET_EVENTS} picked
      </Text>
      <EvidencePacketButton
        size="xs"
        eventIds={picks.picked.map((pick) => pick.id)}
        labelOf={(id) => picks.picked.find((pick) => pick.id === id)?.label}
        lookups={lookups}
      >
        {`Evidence packet (${picks.picked.length})`}
      </EvidencePacketButton>
      <Button size="xs" variant="subtle" onClick={picks.clear}>
        Clear picks
      </Button>
    </Group>
  );
}
