// Over 300 lines: the page joins the map, the list and the side panel to one editing session and
// one selection (the URL's), and that wiring reads best in one place; each part is its own file.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Drawer, Group, Menu, Text } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Geofence } from '@/api/geofences';
import { useGroupOptions } from '@/api/group-options';
import { ChangeButton } from '@/components/change-control';
import { ListExportButton } from '@/components/list/list-export-button';
import layout from '@/components/map/map-page-layout.module.css';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { formatNumber } from '@/lib/format';
import { sameId } from '@/lib/guid';
import { GeofenceMap } from './geofence-map';
import type { ShapeDraft } from './geofence-shape';
import { GeofenceSidePanel, type SelectGeofence } from './geofence-side-panel';
import { GeofenceSidebar } from './geofence-sidebar';
import classes from './geofences-page.module.css';
import { lastGeofenceGroupId } from './last-geofence-group';
import { toMapGeofence, withPreviewColor } from './map-geofence';
import type { PlaceDrawOutcome } from './place-search-panel';
import { useSameNameCheck } from './same-name-geofence';
import { useGeofenceCollection, useSelectedGeofence } from './use-geofence-collection';
import { useGeofenceEditingSession } from './use-geofence-editing-session';
import { useGeofenceExport } from './use-geofence-export';
import { useGeofenceSelection } from './use-geofence-selection';
import { useGeofenceWriteScope } from './use-geofence-write-scope';

const route = getRouteApi('/_auth/geofences/');

/** Mantine's `sm` breakpoint: below it the list moves into a drawer and the map takes the width. */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * /geofences: every geofence on a map with a searchable side list, drawing and editing with
 * leaflet-geoman, a side panel for the selected (or new) geofence, GeoJSON import and export.
 */
export function GeofencesPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const selectedId = search.selected ?? null;

  const collection = useGeofenceCollection(search);
  const { query: collectionQuery, listed, listedGeofences, total } = collection;
  const session = useGeofenceEditingSession(selectedId);
  const { outline, dispatch, editorDirty, editorColor } = session;
  const selected = useSelectedGeofence({
    selectedId,
    collection,
    deletingGeofence: session.deletingGeofence,
  });
  const { selectedGeofence, savedShape, savedShapeProblem } = selected;
  const canWrite = useGeofenceWriteScope();
  const { labelsById } = useGroupOptions();
  const lastGroupId = lastGeofenceGroupId();
  const rememberedGroupId =
    lastGroupId && labelsById.has(lastGroupId.toLowerCase()) ? lastGroupId : null;
  // A selected geofence whose saved outline cannot be drawn gets a new one drawn in its place.
  const redrawing =
    selectedGeofence !== null &&
    savedShapeProblem !== null &&
    canWrite(selectedGeofence) !== false &&
    outline === null;
  /** Counts the form's requests to draw again, so the map starts drawing on each. */
  const [drawRequests, setDrawRequests] = useState(0);
  const selection = useGeofenceSelection({
    listedGeofences,
    filterKey: JSON.stringify([search.groupId ?? null, search.q ?? null]),
  });
  const exports = useGeofenceExport({ listedGeofences, selectedGeofence });

  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [listOpen, listDrawer] = useDisclosure(false);
  const panelRef = useRef<HTMLElement>(null);
  const [drawToolbar, setDrawToolbar] = useState<HTMLDivElement | null>(null);

  const [searchText, setSearchText] = useState(search.q ?? '');
  const applySearchText = useDebouncedCallback((value: string) => {
    void navigate({ search: (previous) => ({ ...previous, q: value.trim() || undefined }) });
  }, 250);

  const select: SelectGeofence = useCallback(
    (geofenceId, options = {}) =>
      void navigate({
        search: (previous) => ({ ...previous, selected: geofenceId ?? undefined }),
        ignoreBlocker: options.force,
      }),
    [navigate],
  );

  // The open geofence was deleted elsewhere (a bulk delete, another tab): it leaves the panel
  // and the map, unless its form holds changes the user has not saved.
  const { deletedElsewhere } = selected;
  useEffect(() => {
    if (deletedElsewhere && !editorDirty) select(null, { force: true });
  }, [deletedElsewhere, editorDirty, select]);

  const takeDrawnShape = (shape: ShapeDraft, name?: string) => {
    if (redrawing) {
      dispatch({ type: 'redrawn', geofenceId: selectedGeofence.geofenceId, shape });
      return;
    }
    dispatch({ type: 'draw-started', shape, name });
    select(null);
  };

  const { checkName, sameNameDialog } = useSameNameCheck();
  const takePlaceOutline = async (
    shape: ShapeDraft,
    placeName: string,
  ): Promise<PlaceDrawOutcome> => {
    // A new outline for the open geofence keeps that geofence's name: nothing to compare.
    if (redrawing) {
      takeDrawnShape(shape);
      return 'drawn';
    }
    const choice = await checkName(placeName);
    if (choice.action === 'open') select(choice.geofenceId);
    if (choice.action === 'draw') takeDrawnShape(shape, placeName);
    return choice.action === 'open' ? 'opened' : choice.action === 'draw' ? 'drawn' : 'cancelled';
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
    const shown = withPreviewColor(toMapGeofence(selectedGeofence), editorColor);
    const index = listed.findIndex((item) => sameId(item.id, selectedGeofence.geofenceId));
    if (index === -1) return [...listed, shown];
    if (listed[index]?.revision === shown.revision) return listed;
    return listed.with(index, shown);
  }, [listed, selectedGeofence, editorColor]);
  const { lastSavedId } = session;
  const savedOutsideList =
    lastSavedId !== null &&
    selectedGeofence !== null &&
    sameId(lastSavedId, selectedGeofence.geofenceId) &&
    !collectionQuery.isFetching &&
    !collectionQuery.isPlaceholderData &&
    collectionQuery.data !== undefined &&
    !listed.some((item) => sameId(item.id, lastSavedId));

  const loaded = formatNumber(total);
  const expected = collection.expected ? formatNumber(collection.expected) : null;
  const listedCount = listed.length;
  const matching = formatNumber(listedCount);
  const countText = collectionQuery.isPending
    ? t`Loading geofences…`
    : !collection.complete && collectionQuery.isFetching
      ? expected
        ? t`Loading geofences… ${loaded} of ${expected}`
        : t`Loading geofences… ${loaded} so far`
      : search.q
        ? t`${matching} of ${loaded} geofences match`
        : plural(total, { one: '# geofence', other: '# geofences' });
  const sidebar = (
    <GeofenceSidebar
      collection={collection}
      searchText={searchText}
      onSearchTextChange={(text) => {
        setSearchText(text);
        applySearchText(text);
      }}
      query={search.q}
      groupId={search.groupId ?? null}
      onGroupChange={(groupId) =>
        void navigate({ search: (previous) => ({ ...previous, groupId: groupId ?? undefined }) })
      }
      countText={countText}
      selection={selection}
      selectedId={selectedId}
      onSelect={(geofenceId) => {
        listDrawer.close();
        select(geofenceId);
      }}
    />
  );
  return (
    <div className={`${layout.page} ${layout.pageFitsPhoneScreen}`}>
      <PageHeader
        title={t`Geofences`}
        description={t`Draw, edit and review the areas that report when vehicles enter or leave them.`}
        actions={
          <>
            <ChangeButton
              variant="default"
              onClick={() => {
                dispatch({ type: 'import-opened' });
                select(null);
              }}
              disabled={outline !== null || editorDirty}
            >
              <Trans>Import</Trans>
            </ChangeButton>
            <ListExportButton<Geofence>
              what={t`geofences`}
              label={t`Geofences`}
              filtered={!!(search.groupId || search.q)}
              fetchPage={exports.fetchListedPage}
              columns={exports.columns}
              // Until the last page is here, a file would leave geofences out.
              disabled={!collection.complete}
              moreItems={
                <>
                  <Menu.Label>
                    <Trans>GeoJSON (outlines, for maps)</Trans>
                  </Menu.Label>
                  <Menu.Item
                    disabled={!selectedGeofence}
                    onClick={() => exports.exportGeoJson('selected')}
                  >
                    <Trans>Export the geofence open on the map</Trans>
                  </Menu.Item>
                  <Menu.Item
                    disabled={listed.length === 0}
                    onClick={() => exports.exportGeoJson('listed')}
                  >
                    {plural(listedCount, {
                      one: 'Export the # listed geofence',
                      other: 'Export the # listed geofences',
                    })}
                  </Menu.Item>
                </>
              }
            />
            <Button variant="default" component={Link} to="/geofences/activations">
              <Trans>Activations</Trans>
            </Button>
          </>
        }
      />
      <div className={layout.body}>
        {isPhone ? (
          <>
            <Group className={classes.phoneBar} justify="space-between" wrap="nowrap" gap="xs">
              <Button variant="default" onClick={listDrawer.open}>
                <Trans>Geofence list</Trans>
              </Button>
              <Text size="xs" c="dimmed" truncate>
                {countText}
              </Text>
            </Group>
            <Drawer
              opened={listOpen}
              onClose={listDrawer.close}
              title={t`Geofences`}
              size="100%"
              closeButtonProps={{ 'aria-label': t`Close the list` }}
              classNames={{ body: classes.drawerBody, content: classes.drawerContent }}
            >
              <SectionBoundary what={t`The geofence list`}>{sidebar}</SectionBoundary>
            </Drawer>
          </>
        ) : (
          <div className={`${layout.sidebar} ${classes.sidebar}`}>
            <SectionBoundary what={t`The geofence list`}>{sidebar}</SectionBoundary>
          </div>
        )}
        <div className={`${layout.mapArea} ${classes.mapArea}`}>
          <div ref={setDrawToolbar} className={classes.drawToolbar} />
          <div className={classes.mapSurface}>
            <SectionBoundary what={t`The map`} failureClassName={classes.mapFailure}>
              <GeofenceMap
                geofences={drawn}
                collectionKey={
                  collectionQuery.isPlaceholderData ? null : JSON.stringify(collection.filter)
                }
                collectionComplete={collection.complete}
                selectedId={selectedId}
                selectedShape={outline?.target === 'saved' ? outline.saved : savedShape}
                onSelect={select}
                editable={outline}
                editColor={editorColor}
                editedGeofenceId={outline?.target === 'saved' ? outline.geofenceId : null}
                onShapeEdited={session.updateOutline}
                onShapeDrawn={takeDrawnShape}
                onPlaceOutlined={takePlaceOutline}
                // Drawing in place of an outline that cannot be drawn keeps the form and its changes.
                drawingDisabled={
                  outline !== null || (editorDirty && !redrawing) || session.importOpen
                }
                startDrawing={redrawing ? `${selectedGeofence.geofenceId} ${drawRequests}` : null}
                preview={session.preview}
                panelRef={panelRef}
                drawToolbarTarget={drawToolbar}
              />
            </SectionBoundary>
            <GeofenceSidePanel
              session={session}
              selectedId={selectedId}
              selected={selected}
              savedOutsideList={savedOutsideList}
              // The list's group if it shows one, else where this browser saved a geofence last
              // (while that group still exists and the user may still choose it).
              defaultGroupId={search.groupId ?? rememberedGroupId}
              select={select}
              onRedraw={() => setDrawRequests((count) => count + 1)}
              onShowEverything={showEverything}
              panelRef={panelRef}
            />
          </div>
        </div>
      </div>
      {sameNameDialog}
    </div>
  );
}
