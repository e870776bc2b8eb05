import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, CloseButton, Group, Paper, Stack, Title, useCombobox } from '@mantine/core';
import { useDebouncedCallback, useId } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useMap } from 'react-leaflet';
import { placeSearchQueryOptions } from '@/api/places';
import { useRuntime } from '@/api/runtime-context';
import { ChosenPlace } from './chosen-place';
import type { ShapeDraft } from './geofence-shape';
import { outlineAroundPlace, placeOutlineSizeProblem } from './place-outline';
import { PlaceSearchField, PlaceSearchStatus } from './place-search-field';
import {
  panelSpansMostOfMap,
  useBringPlaceIntoView,
  useMapSize,
  usePlacePreview,
} from './place-search-map';
import { initialPlaceSearch, placeSearchReducer } from './place-search-state';
import classes from './place-search.module.css';

/** Typing searches after this pause (and Enter at once): words, not keystrokes, reach the search. */
const TYPING_PAUSE_MS = 800;
const MIN_AUTOMATIC_QUERY_LENGTH = 3;

/** The outline went to the new-geofence form, a geofence of that name was opened, or neither. */
export type PlaceDrawOutcome = 'drawn' | 'opened' | 'cancelled';

export interface PlaceSearchPanelProps {
  /** Shown or hidden; kept mounted while hidden, so the search and the choice stay. */
  open: boolean;
  panelId: string;
  /** Drawing is off while another geofence or an import is open: a place can be found, not drawn. */
  drawingDisabled: boolean;
  /** Hands the outline to the new-geofence form, as a drawing on the map does (see the control). */
  onDrawAround: (shape: ShapeDraft, placeName: string) => Promise<PlaceDrawOutcome>;
  /** The page's side panel or bottom sheet over the map, which a place must not hide under. */
  pagePanelRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** Said to assistive technology once the panel has closed. */
  onAnnounce: (message: string) => void;
}

/**
 * The search panel of "Find a place": an address or place name searched through config.json's
 * `geocoderUrl`, results to choose with the keyboard or pointer, the map brought to the choice,
 * and a circle or square of a chosen size around it handed to the new-geofence form. Loaded when
 * the search is first opened.
 */
export function PlaceSearchPanel({
  open,
  panelId,
  drawingDisabled,
  onDrawAround,
  pagePanelRef,
  onClose,
  onAnnounce,
}: PlaceSearchPanelProps) {
  const { t } = useLingui();
  const map = useMap();
  const { config, demo } = useRuntime();
  const geocoderUrl = config.geocoderUrl;
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [state, dispatch] = useReducer(placeSearchReducer, open, initialPlaceSearch);
  const { text, submitted, chosen, folded, outlineKind, handingOver } = state;
  // Opened again, it unfolds: the field is where the next search starts.
  if (open !== state.open) dispatch({ type: 'opened-or-closed', open });
  // The map clips its controls: the panel keeps within it, also on a phone.
  const mapSize = useMapSize(map);
  const search = useQuery({
    ...placeSearchQueryOptions(geocoderUrl ?? '', submitted),
    enabled: open && geocoderUrl !== null && submitted !== '',
  });
  const results = useMemo(() => search.data ?? [], [search.data]);
  const setListWanted = (wanted: boolean) => dispatch({ type: 'list-wanted', wanted });
  const combobox = useCombobox({
    opened: open && state.listWanted && results.length > 0,
    onOpenedChange: setListWanted,
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  const submit = (value: string) => {
    const query = value.trim();
    if (!query) return;
    if (query === submitted && search.isError) void search.refetch();
    dispatch({ type: 'searched', query });
  };
  const submitAfterPause = useDebouncedCallback((value: string) => {
    if (value.trim().length >= MIN_AUTOMATIC_QUERY_LENGTH) submit(value);
  }, TYPING_PAUSE_MS);
  const submitNow = (value: string) => {
    submitAfterPause.cancel();
    submit(value);
  };

  const size = state.sizes[outlineKind];
  const outline = useMemo(
    () =>
      chosen && typeof size === 'number' && !placeOutlineSizeProblem(outlineKind, size)
        ? outlineAroundPlace(chosen, outlineKind, size)
        : null,
    [chosen, outlineKind, size],
  );

  const choose = (placeId: string) => {
    const place = results.find((result) => result.id === placeId);
    if (!place) return;
    dispatch({ type: 'chose', place, fold: panelSpansMostOfMap(map, panelRef.current) });
  };

  const closePanel = () => {
    submitAfterPause.cancel();
    setListWanted(false);
    onClose();
  };

  const drawAround = async () => {
    if (!outline || !chosen || drawingDisabled || handingOver) return;
    dispatch({ type: 'hand-over-started' });
    const outcome = await onDrawAround(outline, chosen.name);
    dispatch({ type: 'hand-over-ended' });
    if (outcome === 'cancelled') return;
    const placeName = chosen.name;
    onAnnounce(
      outcome === 'drawn'
        ? t`The outline around ${placeName} is in the new geofence form, named after it: check and save it.`
        : t`The geofence named ${placeName} is open.`,
    );
    closePanel();
  };

  usePlacePreview(map, chosen, outline, open);
  useBringPlaceIntoView({
    map,
    place: chosen,
    outline,
    viewRequest: state.viewRequest,
    panelRef,
    pagePanelRef,
  });

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Runs before the list's own keys: Enter on a highlighted place chooses it there.
    const highlighted = combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1;
    if (event.key === 'Enter' && !highlighted) {
      event.preventDefault();
      submitNow(event.currentTarget.value);
    }
    if (event.key === 'Escape' && combobox.dropdownOpened) {
      // The list closes first; the next Escape closes the search.
      event.stopPropagation();
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !event.isPropagationStopped()) {
      event.preventDefault();
      closePanel();
    }
  };

  return (
    <Paper
      ref={panelRef}
      id={panelId}
      hidden={!open}
      role="search"
      aria-labelledby={titleId}
      className={classes.panel}
      withBorder
      shadow="md"
      p="sm"
      style={{
        width: Math.min(352, Math.max(220, mapSize.x - 70)),
        maxHeight: Math.max(200, mapSize.y - 20),
      }}
      onKeyDown={onPanelKeyDown}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" id={titleId}>
            <Trans>Find a place</Trans>
          </Title>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={folded ? t`Unfold the place search` : t`Fold the place search`}
              aria-expanded={!folded}
              aria-controls={`${panelId}-body`}
              onClick={() => dispatch({ type: 'fold-toggled' })}
            >
              {folded ? t`Unfold` : t`Fold`}
            </Button>
            <CloseButton size="sm" aria-label={t`Close the place search`} onClick={closePanel} />
          </Group>
        </Group>
        {/* A plain div: `hidden` then hides it (a Stack's own display would override it). */}
        <div id={`${panelId}-body`} hidden={folded}>
          <Stack gap="xs">
            {geocoderUrl === null ? (
              <Alert color="gray" title={t`Places cannot be searched`}>
                <Trans>
                  No place search service is set up for this console: an administrator can add one
                  as <code>geocoderUrl</code> in config.json (see docs/operating.md). You can still
                  draw geofences with the tools on the map.
                </Trans>
              </Alert>
            ) : (
              <>
                <PlaceSearchField
                  combobox={combobox}
                  inputRef={inputRef}
                  text={text}
                  results={results}
                  chosenId={chosen?.id}
                  searching={search.isFetching}
                  onTextChange={(value) => {
                    dispatch({ type: 'typed', text: value });
                    submitAfterPause(value);
                  }}
                  onKeyDown={onInputKeyDown}
                  onFocus={() => {
                    if (!chosen) setListWanted(true);
                  }}
                  onBlur={() => setListWanted(false)}
                  onSearch={() => {
                    submitNow(text);
                    inputRef.current?.focus();
                  }}
                  onChoose={choose}
                />
                <PlaceSearchStatus
                  search={search}
                  submitted={submitted}
                  results={results}
                  demo={!!demo}
                  onRetry={() => {
                    // Back to the field, where the places will be listed.
                    inputRef.current?.focus();
                    setListWanted(true);
                    void search.refetch();
                  }}
                />
              </>
            )}
          </Stack>
        </div>
        {chosen && (
          <ChosenPlace
            place={chosen}
            panelId={panelId}
            folded={folded}
            outlineKind={outlineKind}
            size={size}
            drawable={!!outline}
            handingOver={handingOver}
            drawingDisabled={drawingDisabled}
            dispatch={dispatch}
            onDraw={() => void drawAround()}
          />
        )}
      </Stack>
    </Paper>
  );
}
