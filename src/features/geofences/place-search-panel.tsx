import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  Combobox,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  useCombobox,
} from '@mantine/core';
import { useDebouncedCallback, useId, useReducedMotion } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import {
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useMap } from 'react-leaflet';
import { describeError } from '@/api/api-error';
import { PLACE_QUERY_MAX_LENGTH, placeSearchQueryOptions, type Place } from '@/api/places';
import { useRuntime } from '@/api/runtime-context';
import { fitMapView } from '@/components/map/fit-map-view';
import { shapeBounds, type ShapeDraft } from './geofence-shape';
import { layerForShape } from './leaflet-shapes';
import { panelInsets } from './map-panel-insets';
import {
  outlineAroundPlace,
  PLACE_OUTLINE_DEFAULTS,
  PLACE_OUTLINE_MAX_METRES,
  PLACE_OUTLINE_MIN_METRES,
  placeOutlineSizeProblem,
  type PlaceOutlineKind,
} from './place-outline';
import { MagnifierIcon } from './magnifier-icon';
import classes from './place-search.module.css';
import { UserText } from '@/components/user-text';

/** Typing searches after this pause (and Enter at once): words, not keystrokes, reach the search. */
const TYPING_PAUSE_MS = 800;
const MIN_AUTOMATIC_QUERY_LENGTH = 3;
const FIT_MARGIN = 24;
const PREVIEW_COLOR = '#1C7ED6';

const outlineChoices: { value: PlaceOutlineKind; label: string }[] = [
  { value: 'circle', label: 'Circle' },
  { value: 'square', label: 'Square' },
];

/** The address without the name it starts with, which is shown above it. */
function addressBeyondName(place: Place): string {
  const prefix = `${place.name}, `;
  return place.address.startsWith(prefix) ? place.address.slice(prefix.length) : place.address;
}

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
  const map = useMap();
  const { config, demo } = useRuntime();
  const geocoderUrl = config.geocoderUrl;
  const reduceMotion = useReducedMotion();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [chosen, setChosen] = useState<Place | null>(null);
  const [outlineKind, setOutlineKind] = useState<PlaceOutlineKind>('circle');
  const [sizes, setSizes] =
    useState<Record<PlaceOutlineKind, number | string>>(PLACE_OUTLINE_DEFAULTS);
  /** Only the title and the chosen place show: on a phone the whole panel would hide the map. */
  const [folded, setFolded] = useState(false);
  // Opened again, it unfolds: the field is where the next search starts.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setFolded(false);
  }
  /** Bumped on each choice, so choosing the same place again brings it back into view. */
  const [viewRequest, setViewRequest] = useState(0);
  // The map clips its controls: the panel keeps within it, also on a phone.
  const [mapSize, setMapSize] = useState(() => map.getSize());
  useEffect(() => {
    const update = () => setMapSize(map.getSize());
    map.on('resize', update);
    return () => {
      map.off('resize', update);
    };
  }, [map]);
  const search = useQuery({
    ...placeSearchQueryOptions(geocoderUrl ?? '', submitted),
    enabled: open && geocoderUrl !== null && submitted !== '',
  });
  const results = useMemo(() => search.data ?? [], [search.data]);
  /** The list shows once its results are in, until a choice, Escape or leaving the field. */
  const [listWanted, setListWanted] = useState(false);
  const combobox = useCombobox({
    opened: open && listWanted && results.length > 0,
    onOpenedChange: setListWanted,
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  const submit = (value: string) => {
    const query = value.trim();
    if (!query) return;
    if (query === submitted && search.isError) void search.refetch();
    // A new search: the place chosen from the last one is no longer among the results.
    if (query !== submitted) setChosen(null);
    setSubmitted(query);
    setListWanted(true);
  };
  const submitAfterPause = useDebouncedCallback((value: string) => {
    if (value.trim().length >= MIN_AUTOMATIC_QUERY_LENGTH) submit(value);
  }, TYPING_PAUSE_MS);
  const submitNow = (value: string) => {
    submitAfterPause.cancel();
    submit(value);
  };

  const size = sizes[outlineKind];
  const sizeProblem = placeOutlineSizeProblem(outlineKind, size);
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
    setChosen(place);
    setViewRequest((count) => count + 1);
    setListWanted(false);
    // Where the panel spans most of the map (a phone), it folds so the place shows below it.
    if (spansMostOfMap()) setFolded(true);
  };

  const spansMostOfMap = () => {
    const panelBox = panelRef.current?.getBoundingClientRect();
    const mapBox = map.getContainer().getBoundingClientRect();
    return !!panelBox && panelBox.width > 0 && panelBox.right - mapBox.left > mapBox.width * 0.6;
  };

  const closePanel = () => {
    submitAfterPause.cancel();
    setListWanted(false);
    onClose();
  };

  /** True while the names of the geofences are checked for the place's. */
  const [handingOver, setHandingOver] = useState(false);
  const drawAround = async () => {
    if (!outline || !chosen || drawingDisabled || handingOver) return;
    setHandingOver(true);
    const outcome = await onDrawAround(outline, chosen.name);
    setHandingOver(false);
    if (outcome === 'cancelled') return;
    onAnnounce(
      outcome === 'drawn'
        ? `The outline around ${chosen.name} is in the new geofence form, named after it: check and save it.`
        : `The geofence named ${chosen.name} is open.`,
    );
    closePanel();
  };

  // The place and the outline it would get, dashed, while the search is open.
  useEffect(() => {
    if (!open || !chosen) return;
    const ignoredByGeoman = { interactive: false, pmIgnore: true, snapIgnore: true } as const;
    const layers: L.Layer[] = [
      L.circleMarker([chosen.latitude, chosen.longitude], {
        ...ignoredByGeoman,
        radius: 6,
        color: '#FFFFFF',
        weight: 2,
        fillColor: PREVIEW_COLOR,
        fillOpacity: 1,
      }),
    ];
    if (outline) {
      layers.unshift(
        layerForShape(outline, {
          ...ignoredByGeoman,
          color: PREVIEW_COLOR,
          fillColor: PREVIEW_COLOR,
          fillOpacity: 0.08,
          weight: 2,
          dashArray: '6 6',
        }),
      );
    }
    const group = L.layerGroup(layers, { pmIgnore: true }).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, open, chosen, outline]);

  // A chosen place comes into view beside this panel and clear of the page's own panel.
  // Read when the view is asked for: a change of the outline alone does not move the map.
  const readLayout = useEffectEvent(() => ({ shownOutline: outline, spansMostOfMap }));
  useEffect(() => {
    const place = chosen;
    if (viewRequest === 0 || !place) return;
    const { shownOutline, spansMostOfMap: panelSpansMap } = readLayout();
    const bounds = shownOutline
      ? shapeBounds(shownOutline)
      : shapeBounds(outlineAroundPlace(place, 'circle', PLACE_OUTLINE_DEFAULTS.circle));
    const mapBox = map.getContainer().getBoundingClientRect();
    const panelBox = panelRef.current?.getBoundingClientRect();
    let paddingTopLeft: L.PointTuple = [64, FIT_MARGIN];
    if (panelBox && panelBox.width > 0) {
      // Beside the panel on a wide map; below it when it spans most of a phone's map.
      paddingTopLeft = panelSpansMap()
        ? [FIT_MARGIN, panelBox.bottom - mapBox.top + FIT_MARGIN]
        : [panelBox.right - mapBox.left + FIT_MARGIN, FIT_MARGIN];
    }
    const insets = panelInsets(map, pagePanelRef.current);
    fitMapView(map, bounds, {
      paddingTopLeft,
      paddingBottomRight: [insets.right + FIT_MARGIN, insets.bottom + FIT_MARGIN],
      maxZoom: 17,
      fly: !reduceMotion,
      duration: 0.6,
    });
  }, [map, viewRequest, chosen, pagePanelRef, reduceMotion]);

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

  const searching = search.isFetching;
  const searchedFor = <UserText>{submitted}</UserText>;
  let status: ReactNode = null;
  if (searching) status = <>Searching for “{searchedFor}”…</>;
  else if (search.isSuccess && submitted) {
    status =
      results.length === 0 ? (
        <>No places match “{searchedFor}”.</>
      ) : (
        <>
          {results.length} {results.length === 1 ? 'place matches' : 'places match'} “{searchedFor}
          ”. Use the arrow keys to go through them, Enter to choose.
        </>
      );
  }

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
            Find a place
          </Title>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={folded ? 'Unfold the place search' : 'Fold the place search'}
              aria-expanded={!folded}
              aria-controls={`${panelId}-body`}
              onClick={() => setFolded((current) => !current)}
            >
              {folded ? 'Unfold' : 'Fold'}
            </Button>
            <CloseButton size="sm" aria-label="Close the place search" onClick={closePanel} />
          </Group>
        </Group>
        {/* A plain div: `hidden` then hides it (a Stack's own display would override it). */}
        <div id={`${panelId}-body`} hidden={folded}>
          <Stack gap="xs">
            {geocoderUrl === null ? (
              <Alert color="gray" title="Places cannot be searched">
                No place search service is set up for this console: an administrator can add one as{' '}
                <code>geocoderUrl</code> in config.json (see docs/operating.md). You can still draw
                geofences with the tools on the map.
              </Alert>
            ) : (
              <>
                <Combobox
                  store={combobox}
                  onOptionSubmit={choose}
                  withinPortal
                  position="bottom-start"
                  middlewares={{ flip: false, shift: true }}
                >
                  <Combobox.Target withExpandedAttribute>
                    <TextInput
                      ref={inputRef}
                      label="Address or place name"
                      placeholder="e.g. Portland Depot"
                      type="search"
                      enterKeyHint="search"
                      autoComplete="off"
                      maxLength={PLACE_QUERY_MAX_LENGTH}
                      value={text}
                      onChange={(event) => {
                        setText(event.currentTarget.value);
                        submitAfterPause(event.currentTarget.value);
                      }}
                      onKeyDown={onInputKeyDown}
                      onFocus={() => {
                        if (!chosen) setListWanted(true);
                      }}
                      onBlur={() => setListWanted(false)}
                      rightSection={
                        searching ? (
                          <Loader size="xs" aria-hidden />
                        ) : (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label="Search"
                            onClick={() => {
                              submitNow(text);
                              inputRef.current?.focus();
                            }}
                          >
                            <MagnifierIcon />
                          </ActionIcon>
                        )
                      }
                    />
                  </Combobox.Target>
                  <Combobox.Dropdown className={classes.dropdown}>
                    <Combobox.Options aria-label="Places found" className={classes.options}>
                      {results.map((place) => (
                        <Combobox.Option
                          key={place.id}
                          value={place.id}
                          active={place.id === chosen?.id}
                        >
                          <Text size="sm" fw={500}>
                            {place.name}
                          </Text>
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {place.kind ? `${place.kind} · ` : ''}
                            {addressBeyondName(place)}
                          </Text>
                        </Combobox.Option>
                      ))}
                    </Combobox.Options>
                  </Combobox.Dropdown>
                </Combobox>
                <Text size="xs" c="dimmed" role="status">
                  {status ??
                    'Search on Enter, or pause typing. Results stay for the session, so a repeated search costs nothing.'}
                </Text>
                {search.isError && (
                  <Alert color="red" title="The search failed" role="alert">
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">{describeError(search.error)}</Text>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          // Back to the field, where the places will be listed.
                          inputRef.current?.focus();
                          setListWanted(true);
                          void search.refetch();
                        }}
                      >
                        Try again
                      </Button>
                    </Stack>
                  </Alert>
                )}
                {search.isSuccess && submitted && results.length === 0 && demo && (
                  <Text size="xs" c="dimmed">
                    The demo finds its own places: the depots (Portland Depot, Fresno Depot…), their
                    cities and the freight sites around them.
                  </Text>
                )}
              </>
            )}
          </Stack>
        </div>
        {chosen && (
          <Stack gap="xs" className={classes.chosen}>
            <div>
              <Text size="sm" fw={600}>
                {chosen.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {addressBeyondName(chosen)}
              </Text>
            </div>
            <div hidden={folded}>
              <Stack gap="xs">
                <Text size="sm" fw={500} id={`${panelId}-outline`}>
                  Shape around it
                </Text>
                <SegmentedControl
                  aria-labelledby={`${panelId}-outline`}
                  data={outlineChoices}
                  value={outlineKind}
                  onChange={(value) => {
                    const choice = outlineChoices.find((option) => option.value === value);
                    if (choice) setOutlineKind(choice.value);
                  }}
                  size="xs"
                  fullWidth
                />
                <NumberInput
                  label={outlineKind === 'circle' ? 'Radius (metres)' : 'Side (metres)'}
                  value={size}
                  onChange={(value) =>
                    setSizes((current) => ({ ...current, [outlineKind]: value }))
                  }
                  min={PLACE_OUTLINE_MIN_METRES}
                  max={PLACE_OUTLINE_MAX_METRES}
                  step={50}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  error={sizeProblem}
                />
              </Stack>
            </div>
            <Button
              onClick={() => void drawAround()}
              loading={handingOver}
              disabled={!outline || drawingDisabled}
            >
              Draw around it
            </Button>
            {drawingDisabled && (
              <Text size="xs" c="dimmed">
                Save, discard or close the geofence or import you are working on first; then the
                outline can go into a new geofence.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
