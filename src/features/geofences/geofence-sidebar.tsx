import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Geofence } from '@/api/geofences';
import { BulkActionsMenu } from '@/components/bulk/bulk-actions-menu';
import { GroupPicker } from '@/components/group-picker';
import { ListEmptyState, ListStates } from '@/components/list/list-states';
import { UserText } from '@/components/user-text';
import { formatNumber } from '@/lib/format';
import { useGeofenceBulkActions } from './geofence-bulk-actions';
import { GeofenceList } from './geofence-list';
import type { GeofenceCollection } from './use-geofence-collection';
import type { GeofenceSelection } from './use-geofence-selection';

/** The search, group filter, select mode and list: beside the map, or in a drawer on a phone. */
export function GeofenceSidebar({
  collection,
  searchText,
  onSearchTextChange,
  query,
  groupId,
  onGroupChange,
  countText,
  selection,
  selectedId,
  onSelect,
}: {
  collection: GeofenceCollection;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** The search the list applies (the address's, after the debounce). */
  query: string | undefined;
  groupId: string | null;
  onGroupChange: (groupId: string | null) => void;
  countText: string;
  selection: GeofenceSelection;
  selectedId: string | null;
  onSelect: (geofenceId: string) => void;
}) {
  const { t } = useLingui();
  const describeGeofence = (geofence: Geofence) => geofence.name?.trim() || t`Unnamed geofence`;
  const bulkActions = useGeofenceBulkActions();
  const { listed, total } = collection;
  const selectedCount = selection.selectedRows.length;
  const listedCount = formatNumber(listed.length);
  const searched = query ?? '';
  return (
    <>
      <TextInput
        label={t`Search geofences`}
        placeholder={t`Name or group`}
        value={searchText}
        onChange={(event) => onSearchTextChange(event.currentTarget.value)}
        maxLength={100}
      />
      <GroupPicker label={t`Group (with subgroups)`} value={groupId} onChange={onGroupChange} />
      <Text size="xs" c="dimmed" role="status">
        {countText}
      </Text>
      <Switch
        label={t`Select for bulk actions`}
        checked={selection.selecting}
        onChange={(event) => selection.setSelecting(event.currentTarget.checked)}
      />
      {selection.selecting && (
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <BulkActionsMenu<Geofence>
              actions={bulkActions}
              selectedRows={selection.selectedRows}
              describeRow={describeGeofence}
              onFinished={selection.clear}
            />
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={listed.length === 0}
              onClick={selection.selectAll}
            >
              <Trans>Select all {listedCount} shown</Trans>
            </Button>
          </Group>
          <Group gap={6} wrap="wrap" aria-live="polite">
            {selectedCount === 0 ? (
              <Text size="xs" c="dimmed">
                <Trans>Click geofences to select them; Shift selects a range.</Trans>
              </Text>
            ) : (
              <>
                <Text size="sm">
                  <Plural value={selectedCount} one="# selected" other="# selected" />
                </Text>
                <Text size="sm" c="dimmed" aria-hidden="true">
                  ·
                </Text>
                <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
                  <Trans>Clear selection</Trans>
                </Button>
              </>
            )}
          </Group>
        </Stack>
      )}
      <ListStates
        noun={t`geofences`}
        list={collection.query}
        isEmpty={listed.length === 0}
        empty={
          total === 0 ? (
            <ListEmptyState title={groupId ? t`No geofences in this group` : t`No geofences yet`}>
              <Trans>
                Draw one with the buttons above the map, or import a GeoJSON or KML file.
              </Trans>
            </ListEmptyState>
          ) : (
            <Trans>
              No geofence matches “<UserText>{searched}</UserText>”.
            </Trans>
          )
        }
      >
        <GeofenceList
          geofences={listed}
          selectedId={selectedId}
          onSelect={onSelect}
          bulkSelection={selection.listSelection}
        />
      </ListStates>
    </>
  );
}
