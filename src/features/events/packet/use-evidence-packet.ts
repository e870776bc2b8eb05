import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '@/api/api-error';
import { useGroupOptions } from '@/api/group-options';
import { useRuntime, useSessionSnapshot } from '@/api/runtime-context';
import { vehicleDetailQueryOptions } from '@/api/vehicles';
import { downloadBlob } from '@/lib/csv-export';
import { readGroupPath } from '@/lib/group-path';
import { version as consoleVersion } from '../../../../package.json';
import type { SafetyLookups } from '../use-safety-lookups';
import {
  buildEvidencePacket,
  type EvidencePacket,
  type PacketEventProgress,
} from './build-evidence-packet';

export type PacketRun =
  | { stage: 'idle' }
  | { stage: 'building'; events: readonly PacketEventProgress[] }
  | { stage: 'done'; events: readonly PacketEventProgress[]; packet: EvidencePacket }
  | { stage: 'nothing-packed'; events: readonly PacketEventProgress[] }
  | { stage: 'failed'; events: readonly PacketEventProgress[]; message: string }
  | { stage: 'cancelled' };

/** Builds a packet for the events, saves it when done, and stops it on Cancel or on leaving. */
export function useEvidencePacket(lookups: SafetyLookups) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { config } = useRuntime();
  const username = useSessionSnapshot().session?.username ?? t`unknown user`;
  const { groupsById } = useGroupOptions();
  const [run, setRun] = useState<PacketRun>({ stage: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const build = useCallback(
    async (eventIds: readonly string[], includeDce: boolean) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      let events: readonly PacketEventProgress[] = [];
      try {
        const packet = await buildEvidencePacket({
          eventIds,
          includeDce,
          names: {
            trigger: lookups.triggers.name,
            subtype: lookups.subtypes.name,
            status: lookups.statuses.name,
            behaviour: lookups.behaviors.name,
            risk: lookups.risks.name,
            // From the company's root group, which the pickers' labels leave out.
            groupPath: (groupId) => {
              const group = groupsById.get(groupId.toLowerCase());
              return group && readGroupPath(group.fullPath, 'groups');
            },
          },
          vehicle: (vehicleId) =>
            queryClient
              .fetchQuery({ ...vehicleDetailQueryOptions(vehicleId), staleTime: 10 * 60_000 })
              .then((vehicle) => ({
                name: vehicle.name,
                vin: vehicle.vin?.trim() || null,
                licensePlate: vehicle.licensePlateNumber?.trim() || null,
              }))
              .catch(() => null),
          madeBy: username,
          consoleVersion,
          map: { tileUrl: config.map.tileUrl, attribution: config.map.attribution },
          signal: current.signal,
          onProgress: (next) => {
            events = next;
            if (!current.signal.aborted) setRun({ stage: 'building', events: next });
          },
        });
        if (current.signal.aborted) return;
        if (!packet) {
          setRun({ stage: 'nothing-packed', events });
          return;
        }
        downloadBlob(packet.zip, packet.fileName);
        setRun({ stage: 'done', events, packet });
      } catch (error) {
        if (current.signal.aborted) return;
        setRun({ stage: 'failed', events, message: describeError(error) });
      }
    },
    [lookups, groupsById, queryClient, username, config.map],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setRun({ stage: 'cancelled' });
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setRun({ stage: 'idle' });
  }, []);

  return { run, build, cancel, reset };
}
