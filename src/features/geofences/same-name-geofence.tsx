import { Plural, Trans } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import {
  geofenceSearchIndexQueryOptions,
  type GeofenceSearchEntry,
  type GeofenceSearchIndex,
} from '@/api/geofences';
import { ChangeButton } from '@/components/change-control';
import { UserText } from '@/components/user-text';

/** What the user chose for a place whose name a geofence already has. */
type SameNameChoice =
  { action: 'draw' } | { action: 'open'; geofenceId: string } | { action: 'cancel' };

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/** The geofences already called `name`, letter case and surrounding spaces aside. */
function geofencesNamed(index: GeofenceSearchIndex, name: string): readonly GeofenceSearchEntry[] {
  const wanted = nameKey(name);
  if (!wanted) return [];
  return index.geofences.filter((entry) => entry.name !== null && nameKey(entry.name) === wanted);
}

/**
 * Asks before a place is outlined under a name a geofence already has: both would alert, so every
 * alert would come twice. The user can open the existing one, draw the new one anyway, or stop.
 * Render `sameNameDialog` once in the component that asks.
 */
export function useSameNameCheck(): {
  checkName: (name: string) => Promise<SameNameChoice>;
  sameNameDialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [existing, setExisting] = useState<{
    name: string;
    matches: readonly GeofenceSearchEntry[];
  } | null>(null);
  const resolver = useRef<((choice: SameNameChoice) => void) | null>(null);

  const checkName = useCallback(
    async (name: string): Promise<SameNameChoice> => {
      let matches: readonly GeofenceSearchEntry[];
      try {
        matches = geofencesNamed(
          await queryClient.fetchQuery(geofenceSearchIndexQueryOptions()),
          name,
        );
      } catch {
        // The names could not be read: a possible duplicate is no reason to stop the drawing.
        return { action: 'draw' };
      }
      if (matches.length === 0) return { action: 'draw' };
      resolver.current?.({ action: 'cancel' });
      setExisting({ name, matches });
      return new Promise<SameNameChoice>((resolve) => {
        resolver.current = resolve;
      });
    },
    [queryClient],
  );

  const settle = (choice: SameNameChoice) => {
    resolver.current?.(choice);
    resolver.current = null;
    setExisting(null);
  };

  const first = existing?.matches[0];
  const existingName = existing?.name;
  const matchCount = existing?.matches.length ?? 0;
  const firstGroupName = first?.groupName;
  const sameNameDialog = (
    <Modal
      opened={existing !== null}
      onClose={() => settle({ action: 'cancel' })}
      title={
        existing && (
          <Trans>
            A geofence named “<UserText>{existingName}</UserText>” already exists
          </Trans>
        )
      }
      centered
    >
      {existing && first && (
        <Stack>
          <Text size="sm">
            {matchCount > 1 ? (
              <Plural
                value={matchCount}
                one="# geofence has this name."
                other="# geofences have this name."
              />
            ) : firstGroupName ? (
              <Trans>
                It is in <UserText>{firstGroupName}</UserText>.
              </Trans>
            ) : (
              <Trans>It is in the company’s top group.</Trans>
            )}{' '}
            <Trans>
              A second geofence with the same name alerts too, so every alert for the place would
              come twice.
            </Trans>
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="subtle" onClick={() => settle({ action: 'cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
            <ChangeButton variant="default" onClick={() => settle({ action: 'draw' })}>
              <Trans>Draw a new one anyway</Trans>
            </ChangeButton>
            <Button
              data-autofocus
              onClick={() => settle({ action: 'open', geofenceId: first.geofenceId })}
            >
              <Trans>Open the existing one</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  return { checkName, sameNameDialog };
}
