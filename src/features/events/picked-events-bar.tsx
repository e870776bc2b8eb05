import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';
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
  const { t } = useLingui();
  if (picks.picked.length === 0) return null;
  const pickedCount = formatNumber(picks.picked.length);
  const maxCount = formatNumber(MAX_PACKET_EVENTS);
  return (
    <Group gap="xs" role="group" aria-label={t`Picked events`}>
      <Text size="sm">
        <Trans>
          {pickedCount} of {maxCount} picked
        </Trans>
      </Text>
      <EvidencePacketButton
        size="xs"
        eventIds={picks.picked.map((pick) => pick.id)}
        labelOf={(id) => picks.picked.find((pick) => pick.id === id)?.label}
        lookups={lookups}
      >
        {t`Evidence packet (${pickedCount})`}
      </EvidencePacketButton>
      <Button size="xs" variant="subtle" onClick={picks.clear}>
        <Trans>Clear picks</Trans>
      </Button>
    </Group>
  );
}
