import {
  Alert,
  Button,
  CloseButton,
  Drawer,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '@/api/api-error';
import {
  collectionGeofences,
  geofenceCollectionQueryOptions,
  geofenceDetailQueryOptions,
  type Geofence,
} from '@/api/geofences';
import { toPage, type PageRequest } from '@/api/paging';
import { BulkActionsMenu } from '@/components/bulk/bulk-actions-menu';
import { useGroupOptions } from '@/api/group-options';
import { GroupPicker } from '@/components/group-picker';
import { ListExportButton } from '@/components/list/list-export-button';
import { ListEmptyState, ListStates } from '@/components/list/list-states';
import layout from '@/components/map/map-page-layout.module.css';
import { PageHeader } from '@/components/page-header';
import { LoadingStatus } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { sameId } from '@/lib/guid';
import { downloadTextFile, safeFileName } from './download-file';
import { useGeofenceBulkActions } from './geofence-bulk-actions';
import {
  bulkSelectionOf,
  EMPTY_BULK_SELECTION,
  extendBulkSelection,
  toggleInBulkSelection,
} from './geofence-bulk-selection';
import { GeofenceEditor } from './geofence-editor';
import type { EditableShape } from './geofence-edit-layer';
import { geofenceExportColumns } from './geofence-export-columns';
import { geofencesToFeatureCollection } from './geofence-geojson';
import { GeofenceImportPanel } from './geofence-import-panel';
import { GeofenceList } from './geofence-list';
import { GeofenceMap } from './geofence-map';
import type { ImportPreviewOutline } from './import-preview-batches';
import { GeofenceRecentActivations } from './geofence-recent-activations';
import { sameShape, shapeFromGeography, type ShapeDraft } from './geofence-shape';
import { geofenceCollectionFilter } from './geofences-search';
import { filterMapGeofences, toMapGeofence, withPreviewColor } from './map-geofence';
import classes from './geofences-page.module.css';
import { UserText } from '@/components/user-text';

const route = getRouteApi('/_auth/geofences/');

/** The outline on the edit layer: a new drawing, or a saved geofence's outline being changed. */
type OutlineEdit = EditableShape &
  ({ target: 'new'; name?: string } | { target: 'saved'; geofenceId: string; saved: ShapeDraft });

const describeGeofence = (geofence: Geofence) => geofence.name?.trim() || 'Unnamed geofence';

/** Mantine's `sm` breakpoint: below it the list moves into a drawer and the map takes the width. */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * /geofences: every geofence on a map with a searchable side list, drawing and editing with
 * leaflet-geoman, a side panel for the selected (or new) geofence, GeoJSON import and export.
 */
export function GeofencesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const selectedId = search.selected ?? null;
  const filter = geofenceCollectionFilter(search);

  const collectionQuery = useQuery({
    ...geofenceCollectionQueryOptions(filter),
    placeholderData: keepPreviousData,
  });
  const collection = collectionQuery.data;
  const geofences = useMemo(() => collection && collectionGeofences(collection), [collection]);
  /** False while pages of the collection are still on their way (they are drawn as they come). */
  const collectionComplete = collection?.complete ?? false;
  const mapGeofences = useMemo(() => (geofences ?? []).map(toMapGeofence), [geofences]);
  const listed = useMemo(
    () => filterMapGeofences(mapGeofences, search.q),
    [mapGeofences, search.q],
  );
  /** The geofences the list shows, in its order, as the service sent them. */
  const listedGeofences = useMemo(() => {
    const byId = new Map((geofences ?? []).map((geofence) => [geofence.geofenceId, geofence]));
    return listed.flatMap((item) => byId.get(item.id) ?? []);
  }, [geofences, listed]);
  const listedIds = useMemo(() => listed.map((item) => item.id), [listed]);

  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [listOpen, listDrawer] = useDisclosure(false);
  const panelRef = useRef<HTMLElement>(null);

  const [searchText, setSearchText] = useState(search.q ?? '');
  const applySearchText = useDebouncedCallback((value: string) => {
    void navigate({ search: (previous) => ({ ...previous, q: value.trim() || undefined }) });
  }, 250);

  const listedSelected = useMemo(
    () =>
      selectedId
        ? geofences?.find((geofence) => sameId(geofence.geofenceId, selectedId))
        : undefined,
    [geofences, selectedId],
  );
  // One geofence by geofenceIdentifier alone: the list item serves until it is refetched.
  const detailQuery = useQuery({
    ...geofenceDetailQueryOptions(selectedId ?? ''),
    enabled: selectedId !== null,
    initialData: listedSelected,
    initialDataUpdatedAt: collectionQuery.dataUpdatedAt,
  });
  /** Kept on screen while its deletion refreshes the lists, which drops it from the cache. */
  const [deletingGeofence, setDeletingGeofence] = useState<Geofence | null>(null);
  const selectedGeofence = selectedId
    ? (detailQuery.data ??
      (deletingGeofence && sameId(deletingGeofence.geofenceId, selectedId)
        ? deletingGeofence
        : null))
    : null;
  const savedShape = useMemo(
    () => shapeFromGeography(selectedGeofence?.geofenceGeography),
    [selectedGeofence],
  );

  // Select mode: geofences chosen for bulk work, kept apart from the one open on the map. The
  // choice ends with the mode and when the group or the search changes what the list holds.
  const bulkActions = useGeofenceBulkActions();
  const [selecting, setSelecting] = useState(false);
  const [bulkSelection, setBulkSelection] = useState(EMPTY_BULK_SELECTION);
  const listFilterKey = JSON.stringify([search.groupId ?? null, search.q ?? null]);
  const [bulkSelectionFilterKey, setBulkSelectionFilterKey] = useState(listFilterKey);
  if (bulkSelectionFilterKey !== listFilterKey) {
    setBulkSelectionFilterKey(listFilterKey);
    setBulkSelection(EMPTY_BULK_SELECTION);
  }
  const bulkSelectedRows = useMemo(
    () => listedGeofences.filter((geofence) => bulkSelection.ids.has(geofence.geofenceId)),
    [listedGeofences, bulkSelection],
  );

  // CSV and Excel hold what the list shows, which the page has loaded whole: pages of it in memory.
  const { options: groupOptions } = useGroupOptions();
  const exportColumns = useMemo(() => {
    const groupPaths = new Map(
      groupOptions.map((option) => [option.value.toLowerCase(), option.label]),
    );
    return geofenceExportColumns((groupId) => groupPaths.get(groupId.toLowerCase()) ?? null);
  }, [groupOptions]);
  const fetchListedPage = useCallback(
    ({ pageIndex, pageSize }: PageRequest) => {
      const start = pageIndex * pageSize;
      return Promise.resolve(
        toPage(listedGeofences.slice(start, start + pageSize), listedGeofences.length, {
          pageIndex,
          pageSize,
        }),
      );
    },
    [listedGeofences],
  );

  const [outline, setOutline] = useState<OutlineEdit | null>(null);
  const outlineKey = useRef(0);
  const [editorDirty, setEditorDirty] = useState(false);
  /** The open form's colour, which the map shows before it is saved. */
  const [editorColor, setEditorColor] = useState<string | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [preview, setPreview] = useState<readonly ImportPreviewOutline[] | null>(null);
  /** The geofence last saved here, so the page can tell when the list's filter leaves it out. */
  const [lastSavedId, setLastSavedId] = useState<string | null>(null);

  // A different selection (already confirmed by the unsaved-changes guard) ends other work.
  useEffect(() => {
    setOutline((current) => {
      if (!current) return current;
      if (current.target === 'new') return selectedId ? null : current;
      return selectedId && sameId(current.geofenceId, selectedId) ? current : null;
    });
    if (selectedId) {
      setImportOpen(false);
      setPreview(null);
    }
    setDeletingGeofence((current) =>
      current && selectedId && sameId(current.geofenceId, selectedId) ? current : null,
    );
    setLastSavedId((current) =>
      current && selectedId && sameId(current, selectedId) ? current : null,
    );
  }, [selectedId]);

  const select = useCallback(
    (geofenceId: string | null, options: { force?: boolean } = {}) =>
      void navigate({
        search: (previous) => ({ ...previous, selected: geofenceId ?? undefined }),
        ignoreBlocker: options.force,
      }),
    [navigate],
  );

  // The open geofence was deleted elsewhere (a bulk delete, another tab): it leaves the panel
  // and the map, unless its form holds changes the user has not saved.
  const openGeofenceDeleted =
    selectedId !== null &&
    deletingGeofence === null &&
    detailQuery.data !== undefined &&
    isApiError(detailQuery.error) &&
    detailQuery.error.code === 'NOT_FOUND';
  useEffect(() => {
    if (openGeofenceDeleted && !editorDirty) select(null, { force: true });
  }, [openGeofenceDeleted, editorDirty, select]);

  const selectFromList = (geofenceId: string) => {
    listDrawer.close();
    select(geofenceId);
  };

  const showEverything = () => {
    setSearchText('');
    void navigate({
      search: (previous) => ({ ...previous, groupId: undefined, q: undefined }),
    });
  };

  // The selected geofence is drawn even when the list's filter leaves it out, in its form's colour.
  const drawn = useMemo(() => {
    if (!selectedGeofence) return listed;
    const selected = withPreviewColor(toMapGeofence(selectedGeofence), editorColor);
    const index = listed.findIndex((item) => sameId(item.id, selectedGeofence.geofenceId));
    if (index === -1) return [...listed, selected];
    if (listed[index]?.revision === selected.revision) return listed;
    return listed.with(index, selected);
  }, [listed, selectedGeofence, editorColor]);
  const savedOutsideList =
    lastSavedId !== null &&
    selectedGeofence !== null &&
    sameId(lastSavedId, selectedGeofence.geofenceId) &&
    !collectionQuery.isFetching &&
    !collectionQuery.isPlaceholderData &&
    collectionQuery.data !== undefined &&
    !listed.some((item) => sameId(item.id, lastSavedId));

  /** `name`: what the outline was drawn around (a place found by the search), its first name. */
  const startDraft = (shape: ShapeDraft, name?: string) => {
    outlineKey.current += 1;
    setImportOpen(false);
    setPreview(null);
    setOutline({ key: outlineKey.current, shape, target: 'new', name });
    select(null);
  };

  const editSavedOutline = () => {
    if (!selectedGeofence || !savedShape) return;
    outlineKey.current += 1;
    setOutline({
      key: outlineKey.current,
      shape: savedShape,
      target: 'saved',
      geofenceId: selectedGeofence.geofenceId,
      saved: savedShape,
    });
  };

  const updateOutline = useCallback(
    (shape: ShapeDraft) => setOutline((current) => current && { ...current, shape }),
    [],
  );

  const exportGeofences = (which: 'selected' | 'listed') => {
    const chosen =
      which === 'selected' ? (selectedGeofence ? [selectedGeofence] : []) : listedGeofences;
    const { collection, skipped } = geofencesToFeatureCollection(chosen);
    if (skipped.length > 0) {
      notifications.show({
        color: 'orange',
        message: (
          <>
            Left out of the file, having no usable outline:{' '}
            {skipped.map((name, index) => (
              <Fragment key={index}>
                {index > 0 && ', '}
                <UserText>{name}</UserText>
              </Fragment>
            ))}
            .
          </>
        ),
      });
    }
    const name =
      which === 'selected' && selectedGeofence?.name
        ? safeFileName(selectedGeofence.name)
        : `geofences-${new Date().toISOString().slice(0, 10)}`;
    downloadTextFile(
      `${name}.geojson`,
      JSON.stringify(collection, null, 2),
      'application/geo+json',
    );
  };

  const editedGeofenceId = outline?.target === 'saved' ? outline.geofenceId : null;
  const shapeChanged =
    outline === null ? false : outline.target === 'new' || !sameShape(outline.shape, outline.saved);

  let panel: ReactNode = null;
  let panelTitle = '';
  let onPanelClose: (() => void) | null = null;
  if (outline?.target === 'new') {
    panelTitle = 'New geofence';
    panel = (
      <GeofenceEditor
        key={`new-${outline.key}`}
        geofence={null}
        defaultGroupId={search.groupId ?? null}
        defaultName={outline.name}
        shape={outline.shape}
        shapeChanged
        shapeEditing
        onEditShape={() => undefined}
        onDiscard={() => setOutline(null)}
        onSaved={(created) => {
          setOutline(null);
          setLastSavedId(created.geofenceId);
          select(created.geofenceId, { force: true });
        }}
        onDeleted={() => undefined}
        onDirtyChange={setEditorDirty}
        onColorChange={setEditorColor}
      />
    );
  } else if (importOpen) {
    panelTitle = 'Import';
    onPanelClose = () => {
      setImportOpen(false);
      setPreview(null);
    };
    panel = <GeofenceImportPanel onPreview={setPreview} onClose={onPanelClose} />;
  } else if (selectedId) {
    panelTitle = selectedGeofence?.name ?? 'Geofence';
    onPanelClose = () => select(null);
    if (selectedGeofence) {
      panel = (
        <Stack gap="lg">
          {savedOutsideList && (
            <Alert color="blue" title="Saved outside the list’s filter">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  “<UserText>{selectedGeofence.name ?? 'This geofence'}</UserText>” is in{' '}
                  {selectedGeofence.groupName ? (
                    <UserText>{selectedGeofence.groupName}</UserText>
                  ) : (
                    'the company’s top group'
                  )}
                  , which the list’s filter leaves out.
                </Text>
                <Button size="xs" variant="light" onClick={showEverything}>
                  Show all geofences
                </Button>
              </Stack>
            </Alert>
          )}
          <GeofenceEditor
            key={selectedGeofence.geofenceId}
            geofence={selectedGeofence}
            shape={outline?.target === 'saved' ? outline.shape : savedShape}
            shapeChanged={shapeChanged}
            shapeEditing={outline?.target === 'saved'}
            onEditShape={editSavedOutline}
            onDiscard={() => setOutline(null)}
            onSaved={(saved) => {
              setOutline(null);
              setLastSavedId(saved.geofenceId);
            }}
            onDeleteStarted={() => setDeletingGeofence(selectedGeofence)}
            onDeleted={() => {
              setOutline(null);
              select(null, { force: true });
            }}
            onDirtyChange={setEditorDirty}
            onColorChange={setEditorColor}
          />
          <GeofenceRecentActivations geofenceId={selectedGeofence.geofenceId} />
        </Stack>
      );
    } else if (detailQuery.error) {
      panel = (
        <QueryErrorAlert
          title="This geofence could not be loaded"
          error={detailQuery.error}
          onRetry={() => void detailQuery.refetch()}
        />
      );
    } else {
      panel = <LoadingStatus size="sm" label="Loading the geofence" />;
    }
  }

  const total = mapGeofences.length;
  const countText = collectionQuery.isPending
    ? 'Loading geofences…'
    : !collectionComplete && collectionQuery.isFetching
      ? `Loading geofences… ${total.toLocaleString()} ${collection?.expected ? `of ${collection.expected.toLocaleString()}` : 'so far'}`
      : search.q
        ? `${listed.length.toLocaleString()} of ${total.toLocaleString()} geofences match`
        : `${total.toLocaleString()} ${total === 1 ? 'geofence' : 'geofences'}`;
  // The search, group filter and list: beside the map, or in a drawer on a phone.
  const sidebar = (
    <>
      <TextInput
        label="Search geofences"
        placeholder="Name or group"
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          applySearchText(event.currentTarget.value);
        }}
        maxLength={100}
      />
      <GroupPicker
        label="Group (with subgroups)"
        value={search.groupId ?? null}
        onChange={(groupId) =>
          void navigate({
            search: (previous) => ({ ...previous, groupId: groupId ?? undefined }),
          })
        }
      />
      <Text size="xs" c="dimmed" role="status">
        {countText}
      </Text>
      <Switch
        label="Select for bulk actions"
        checked={selecting}
        onChange={(event) => {
          setSelecting(event.currentTarget.checked);
          setBulkSelection(EMPTY_BULK_SELECTION);
        }}
      />
      {selecting && (
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <BulkActionsMenu<Geofence>
              actions={bulkActions}
              selectedRows={bulkSelectedRows}
              describeRow={describeGeofence}
              onFinished={() => setBulkSelection(EMPTY_BULK_SELECTION)}
            />
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={listed.length === 0}
              onClick={() => setBulkSelection(bulkSelectionOf(listedIds))}
            >
              Select all {listed.length} shown
            </Button>
          </Group>
          <Group gap={6} wrap="wrap" aria-live="polite">
            {bulkSelectedRows.length === 0 ? (
              <Text size="xs" c="dimmed">
                Click geofences to select them; Shift selects a range.
              </Text>
            ) : (
              <>
                <Text size="sm">{bulkSelectedRows.length} selected</Text>
                <Text size="sm" c="dimmed" aria-hidden="true">
                  ·
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => setBulkSelection(EMPTY_BULK_SELECTION)}
                >
                  Clear selection
                </Button>
              </>
            )}
          </Group>
        </Stack>
      )}
      <ListStates
        noun="geofences"
        list={collectionQuery}
        isEmpty={listed.length === 0}
        empty={
          total === 0 ? (
            <ListEmptyState
              title={search.groupId ? 'No geofences in this group' : 'No geofences yet'}
            >
              Draw one with the tools at the top left of the map, or import a GeoJSON or KML file.
            </ListEmptyState>
          ) : (
            <>
              No geofence matches “<UserText>{search.q ?? ''}</UserText>”.
            </>
          )
        }
      >
        <GeofenceList
          geofences={listed}
          selectedId={selectedId}
          onSelect={selectFromList}
          bulkSelection={
            selecting
              ? {
                  ids: bulkSelection.ids,
                  onToggle: (id) =>
                    setBulkSelection((current) => toggleInBulkSelection(current, id)),
                  onExtend: (id) =>
                    setBulkSelection((current) => extendBulkSelection(current, listedIds, id)),
                  onSelectAll: () => setBulkSelection(bulkSelectionOf(listedIds)),
                }
              : undefined
          }
        />
      </ListStates>
    </>
  );
  return (
    <div className={`${layout.page} ${layout.pageFitsPhoneScreen}`}>
      <PageHeader
        title="Geofences"
        description="Draw, edit and review the areas that report when vehicles enter or leave them."
        actions={
          <>
            <Button
              variant="default"
              onClick={() => {
                setImportOpen(true);
                select(null);
              }}
              disabled={outline !== null || editorDirty}
            >
              Import
            </Button>
            <ListExportButton<Geofence>
              what="geofences"
              label="Geofences"
              filtered={!!(search.groupId || search.q)}
              fetchPage={fetchListedPage}
              columns={exportColumns}
              // Until the last page is here, a file would leave geofences out.
              disabled={!collectionComplete}
              moreItems={
                <>
                  <Menu.Label>GeoJSON (outlines, for maps)</Menu.Label>
                  <Menu.Item
                    disabled={!selectedGeofence}
                    onClick={() => exportGeofences('selected')}
                  >
                    Export the geofence open on the map
                  </Menu.Item>
                  <Menu.Item
                    disabled={listed.length === 0}
                    onClick={() => exportGeofences('listed')}
                  >
                    Export the {listed.length} listed{' '}
                    {listed.length === 1 ? 'geofence' : 'geofences'}
                  </Menu.Item>
                </>
              }
            />
            <Button variant="default" component={Link} to="/geofences/activations">
              Activations
            </Button>
          </>
        }
      />
      <div className={layout.body}>
        {isPhone ? (
          <>
            <Group className={classes.phoneBar} justify="space-between" wrap="nowrap" gap="xs">
              <Button variant="default" onClick={listDrawer.open}>
                Geofence list
              </Button>
              <Text size="xs" c="dimmed" truncate>
                {countText}
              </Text>
            </Group>
            <Drawer
              opened={listOpen}
              onClose={listDrawer.close}
              title="Geofences"
              size="100%"
              closeButtonProps={{ 'aria-label': 'Close the list' }}
              classNames={{ body: classes.drawerBody, content: classes.drawerContent }}
            >
              {sidebar}
            </Drawer>
          </>
        ) : (
          <div className={`${layout.sidebar} ${classes.sidebar}`}>{sidebar}</div>
        )}
        <div className={`${layout.mapArea} ${classes.mapArea}`}>
          <GeofenceMap
            geofences={drawn}
            collectionKey={collectionQuery.isPlaceholderData ? null : JSON.stringify(filter)}
            collectionComplete={collectionComplete}
            selectedId={selectedId}
            selectedShape={outline?.target === 'saved' ? outline.saved : savedShape}
            onSelect={select}
            editable={outline}
            editColor={editorColor}
            editedGeofenceId={editedGeofenceId}
            onShapeEdited={updateOutline}
            onShapeDrawn={startDraft}
            drawingDisabled={outline !== null || editorDirty || importOpen}
            preview={preview}
            panelRef={panelRef}
          />
          {panel && (
            <Paper
              ref={panelRef}
              className={classes.panel}
              withBorder
              shadow="md"
              component="aside"
              aria-label={panelTitle}
            >
              <Group justify="space-between" wrap="nowrap" px="md" pt="sm" pb="xs">
                <Title order={2} size="h4" lineClamp={2}>
                  {panelTitle}
                </Title>
                {onPanelClose && (
                  <CloseButton aria-label="Close the panel" onClick={onPanelClose} />
                )}
              </Group>
              <ScrollArea style={{ flex: 1 }} px="md" pb="md" type="auto">
                {panel}
              </ScrollArea>
            </Paper>
          )}
        </div>
      </div>
    </div>
  );
}
