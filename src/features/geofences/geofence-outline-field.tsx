import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { ChangeButton } from '@/components/change-control';
import { cannotBeDrawn, NO_OUTLINE } from '@/lib/map-shape';
import { useTouchScreen } from '@/lib/use-touch-screen';
import { describeShape, type ShapeDraft } from './geofence-shape';

/**
 * What the handles on the map do, per shape (geoman's edit mode). A corner goes on the context
 * menu's event: a right-click, or a long press on a touch screen.
 */
function editingHelp(kind: ShapeDraft['kind'], touch: boolean): string {
  switch (kind) {
    case 'polygon':
      return touch
        ? t`On the map: drag a corner to move it, drag a middle handle to add a corner, press and hold a corner to remove it, or drag the shape to move it.`
        : t`On the map: drag a corner to move it, drag a middle handle to add a corner, right-click a corner to remove it, or drag the shape to move it.`;
    case 'square':
      return t`On the map: drag a corner to resize the rectangle, or drag the shape to move it.`;
    case 'circle':
      return t`On the map: drag the centre to move the circle, or the handle on its edge to resize it.`;
  }
}

/** The geofence form's outline: what it is, why it cannot be drawn, and how to change it. */
export function GeofenceOutlineField({
  shape,
  shapeProblem,
  shapeError,
  isNew,
  readOnly,
  shapeChanged,
  shapeEditing,
  onEditShape,
}: {
  shape: ShapeDraft | null;
  shapeProblem: string | null;
  shapeError: string | null;
  isNew: boolean;
  readOnly: boolean;
  shapeChanged: boolean;
  shapeEditing: boolean;
  onEditShape: () => void;
}) {
  // `translate` changes with the language, so this re-renders and the help is worded again.
  const { t: translate } = useLingui();
  const touchScreen = useTouchScreen();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5">
          <Trans>Outline</Trans>
        </Title>
        {shapeChanged && !isNew && (
          <Badge color="orange" variant="light">
            <Trans>Unsaved outline</Trans>
          </Badge>
        )}
      </Group>
      {shape ? (
        <Text size="sm">{describeShape(shape)}</Text>
      ) : (
        <Alert
          color="orange"
          variant="light"
          p="xs"
          title={cannotBeDrawn(shapeProblem ?? NO_OUTLINE)}
        >
          {readOnly
            ? translate`It is listed, but not shown on the map.`
            : touchScreen
              ? translate`Draw a new outline on the map: tap to place each corner and Finish above the map, or pick Rectangle or Circle there.`
              : translate`Draw a new outline on the map: click to place each corner and Finish above the map, or pick Rectangle or Circle there.`}
        </Alert>
      )}
      {readOnly ? null : !shape && !isNew ? (
        <ChangeButton variant="default" size="xs" onClick={onEditShape} w="fit-content">
          <Trans>Draw the outline on the map</Trans>
        </ChangeButton>
      ) : shapeEditing || isNew ? (
        shape && (
          <Text size="xs" c="dimmed">
            {editingHelp(shape.kind, touchScreen)}
          </Text>
        )
      ) : (
        <ChangeButton variant="default" size="xs" onClick={onEditShape} w="fit-content">
          <Trans>Edit outline on the map</Trans>
        </ChangeButton>
      )}
      {shapeError && (
        <Alert color="red" title={translate`The outline cannot be saved`} role="alert">
          {shapeError}
        </Alert>
      )}
    </Stack>
  );
}
