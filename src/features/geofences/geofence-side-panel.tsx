import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { LoadingStatus } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { SectionBoundary } from '@/components/section-boundary';
import { UserText } from '@/components/user-text';
import { GeofenceEditor } from './geofence-editor';
import { GeofenceImportPanel } from './geofence-import-panel';
import { GeofenceRecentActivations } from './geofence-recent-activations';
import { sameShape } from './geofence-shape';
import classes from './geofences-page.module.css';
import type { useSelectedGeofence } from './use-geofence-collection';
import type { GeofenceEditingSession } from './use-geofence-editing-session';

export type SelectGeofence = (geofenceId: string | null, options?: { force?: boolean }) => void;

/**
 * The panel over the map: the new geofence's form, the import, or the selected geofence's form
 * and recent activations; nothing when none of these is open.
 */
export function GeofenceSidePanel({
  session,
  selectedId,
  selected,
  savedOutsideList,
  defaultGroupId,
  select,
  onRedraw,
  onShowEverything,
  panelRef,
}: {
  session: GeofenceEditingSession;
  selectedId: string | null;
  selected: ReturnType<typeof useSelectedGeofence>;
  /** The geofence was just saved here into a group the list's filter leaves out. */
  savedOutsideList: boolean;
  defaultGroupId: string | null;
  select: SelectGeofence;
  /** Draw a new outline for a geofence whose saved one cannot be drawn. */
  onRedraw: () => void;
  onShowEverything: () => void;
  panelRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const { outline, dispatch } = session;
  const { selectedGeofence, savedShape, savedShapeProblem, detailQuery } = selected;
  const endOutline = () => dispatch({ type: 'outline-ended' });

  let panel: ReactNode = null;
  let title = '';
  let onClose: (() => void) | null = null;
  if (outline?.target === 'new') {
    title = t`New geofence`;
    panel = (
      <GeofenceEditor
        key={`new-${outline.key}`}
        geofence={null}
        defaultGroupId={defaultGroupId}
        defaultName={outline.name}
        shape={outline.shape}
        shapeChanged
        shapeEditing
        onEditShape={() => undefined}
        onDiscard={endOutline}
        onSaved={(created) => {
          dispatch({ type: 'saved', geofenceId: created.geofenceId });
          select(created.geofenceId, { force: true });
        }}
        onDeleted={() => undefined}
        onDirtyChange={session.setEditorDirty}
        onColorChange={session.setEditorColor}
      />
    );
  } else if (session.importOpen) {
    title = t`Import`;
    onClose = () => dispatch({ type: 'import-closed' });
    panel = <GeofenceImportPanel onPreview={session.setImportPreview} onClose={onClose} />;
  } else if (selectedId) {
    title = selectedGeofence?.name ?? t`Geofence`;
    onClose = () => select(null);
    if (selectedGeofence) {
      const reshaping = outline?.target === 'saved';
      const savedName = selectedGeofence.name ?? t`This geofence`;
      const savedGroupName = selectedGeofence.groupName;
      panel = (
        <Stack gap="lg">
          {savedOutsideList && (
            <Alert color="blue" title={t`Saved outside the list’s filter`}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {selectedGeofence.groupName ? (
                    <Trans>
                      “<UserText>{savedName}</UserText>” is in <UserText>{savedGroupName}</UserText>
                      , which the list’s filter leaves out.
                    </Trans>
                  ) : (
                    <Trans>
                      “<UserText>{savedName}</UserText>” is in the company’s top group, which the
                      list’s filter leaves out.
                    </Trans>
                  )}
                </Text>
                <Button size="xs" variant="light" onClick={onShowEverything}>
                  <Trans>Show all geofences</Trans>
                </Button>
              </Stack>
            </Alert>
          )}
          <GeofenceEditor
            key={selectedGeofence.geofenceId}
            geofence={selectedGeofence}
            shape={reshaping ? outline.shape : savedShape}
            shapeProblem={savedShapeProblem}
            shapeChanged={
              reshaping && (outline.saved === null || !sameShape(outline.shape, outline.saved))
            }
            shapeEditing={reshaping}
            onEditShape={() => {
              if (!savedShape) {
                onRedraw();
                return;
              }
              dispatch({
                type: 'reshape-started',
                geofenceId: selectedGeofence.geofenceId,
                saved: savedShape,
              });
            }}
            onDiscard={endOutline}
            onSaved={(saved) => dispatch({ type: 'saved', geofenceId: saved.geofenceId })}
            onDeleteStarted={() =>
              dispatch({ type: 'deletion-started', geofence: selectedGeofence })
            }
            onDeleted={() => {
              endOutline();
              select(null, { force: true });
            }}
            onDirtyChange={session.setEditorDirty}
            onColorChange={session.setEditorColor}
          />
          <GeofenceRecentActivations geofenceId={selectedGeofence.geofenceId} />
        </Stack>
      );
    } else if (detailQuery.error) {
      panel = (
        <QueryErrorAlert
          title={t`This geofence could not be loaded`}
          error={detailQuery.error}
          onRetry={() => void detailQuery.refetch()}
        />
      );
    } else {
      panel = <LoadingStatus size="sm" label={t`Loading the geofence`} />;
    }
  }

  if (!panel) return null;
  return (
    <Paper
      ref={panelRef}
      className={classes.panel}
      withBorder
      shadow="md"
      component="aside"
      aria-label={title}
    >
      <Group justify="space-between" wrap="nowrap" px="md" pt="sm" pb="xs">
        <Title order={2} size="h4" lineClamp={2}>
          {title}
        </Title>
        {onClose && <CloseButton aria-label={t`Close the panel`} onClick={onClose} />}
      </Group>
      <ScrollArea style={{ flex: 1 }} px="md" pb="md" type="auto">
        {/* Keyed by what it shows: a failure stays with the geofence or form it happened in. */}
        <SectionBoundary key={selectedId ?? title} what={t`This panel`}>
          {panel}
        </SectionBoundary>
      </ScrollArea>
    </Paper>
  );
}
