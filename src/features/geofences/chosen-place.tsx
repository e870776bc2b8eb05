import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Place } from '@/api/places';
import { ChangeButton } from '@/components/change-control';
import {
  PLACE_OUTLINE_MAX_METRES,
  PLACE_OUTLINE_MIN_METRES,
  placeOutlineSizeProblem,
  type PlaceOutlineKind,
} from './place-outline';
import { addressBeyondName } from './place-search-field';
import type { PlaceSearchAction } from './place-search-state';
import classes from './place-search.module.css';

const outlineChoices: { value: PlaceOutlineKind; label: MessageDescriptor }[] = [
  { value: 'circle', label: msg`Circle` },
  { value: 'square', label: msg`Square` },
];

/** The chosen place, the outline to draw around it and the button that hands it over. */
export function ChosenPlace({
  place,
  panelId,
  folded,
  outlineKind,
  size,
  drawable,
  handingOver,
  drawingDisabled,
  dispatch,
  onDraw,
}: {
  place: Place;
  panelId: string;
  /** Only the place's name and address show, and the button. */
  folded: boolean;
  outlineKind: PlaceOutlineKind;
  /** The outline's size as entered. */
  size: number | string;
  /** The outline can be drawn at this size. */
  drawable: boolean;
  handingOver: boolean;
  drawingDisabled: boolean;
  dispatch: (action: PlaceSearchAction) => void;
  onDraw: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="xs" className={classes.chosen}>
      <div>
        <Text size="sm" fw={600}>
          {place.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {addressBeyondName(place)}
        </Text>
      </div>
      <div hidden={folded}>
        <Stack gap="xs">
          <Text size="sm" fw={500} id={`${panelId}-outline`}>
            <Trans>Shape around it</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby={`${panelId}-outline`}
            data={outlineChoices.map(({ value, label }) => ({ value, label: i18n._(label) }))}
            value={outlineKind}
            onChange={(value) => {
              const choice = outlineChoices.find((option) => option.value === value);
              if (choice) dispatch({ type: 'outline-kind-chosen', kind: choice.value });
            }}
            size="xs"
            fullWidth
          />
          <NumberInput
            label={outlineKind === 'circle' ? t`Radius (metres)` : t`Side (metres)`}
            value={size}
            onChange={(value) => dispatch({ type: 'outline-size-entered', size: value })}
            min={PLACE_OUTLINE_MIN_METRES}
            max={PLACE_OUTLINE_MAX_METRES}
            step={50}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={placeOutlineSizeProblem(outlineKind, size)}
          />
        </Stack>
      </div>
      <ChangeButton onClick={onDraw} loading={handingOver} disabled={!drawable || drawingDisabled}>
        <Trans>Draw around it</Trans>
      </ChangeButton>
      {drawingDisabled && (
        <Text size="xs" c="dimmed">
          <Trans>
            Save, discard or close the geofence or import you are working on first; then the outline
            can go into a new geofence.
          </Trans>
        </Text>
      )}
    </Stack>
  );
}
