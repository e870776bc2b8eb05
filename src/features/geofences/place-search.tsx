import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Loader, Paper, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import {
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { MapControl } from '@/components/map/map-control';
import type { ShapeDraft } from './geofence-shape';
import { MagnifierIcon } from './magnifier-icon';
import type { PlaceDrawOutcome, PlaceSearchPanelProps } from './place-search-panel';
import classes from './place-search.module.css';

/** The search panel's code, loaded when the pointer or focus first reaches its button. */
const loadPlaceSearchPanel = () => import('./place-search-panel');

function PlaceSearchUnavailable({ panelId, onClose }: PlaceSearchPanelProps) {
  const { t } = useLingui();
  return (
    <Paper id={panelId} className={classes.panel} withBorder shadow="md" p="sm">
      <Alert
        color="red"
        title={t`The place search could not be loaded`}
        withCloseButton
        onClose={onClose}
      >
        <Trans>Reload the page to try again.</Trans>
      </Alert>
    </Paper>
  );
}

const LazyPlaceSearchPanel = lazy(() =>
  loadPlaceSearchPanel()
    .then((module): { default: ComponentType<PlaceSearchPanelProps> } => ({
      default: module.PlaceSearchPanel,
    }))
    // A new release replaced the code this tab was loaded with, or the network dropped.
    .catch(() => ({ default: PlaceSearchUnavailable })),
);

export interface PlaceSearchControlProps {
  /** Drawing is off while another geofence or an import is open: a place can be found, not drawn. */
  drawingDisabled: boolean;
  /**
   * Hands the outline to the new-geofence form, as a drawing on the map does, unless the user
   * chose otherwise (a geofence has the place's name already): says which happened.
   */
  onDrawAround: (shape: ShapeDraft, placeName: string) => Promise<PlaceDrawOutcome>;
  /** The page's side panel or bottom sheet over the map, which a place must not hide under. */
  pagePanelRef: RefObject<HTMLElement | null>;
}

/**
 * "Find a place" on the geofence map: a button first in the map's top-left controls that opens
 * the place search beside them. The search's code loads on first use.
 */
export function PlaceSearchControl(props: PlaceSearchControlProps) {
  const { t } = useLingui();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  /** Kept mounted once opened, so the search and the chosen place are there when it reopens. */
  const [requested, setRequested] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const preload = useCallback(() => void loadPlaceSearchPanel().catch(() => undefined), []);

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  const toggle = () => {
    if (open) {
      close();
      return;
    }
    setRequested(true);
    setAnnouncement('');
    setOpen(true);
  };

  return (
    <MapControl position="topleft" first>
      <div className={classes.control}>
        <Tooltip label={t`Find a place`} position="right" withinPortal disabled={open}>
          <ActionIcon
            ref={toggleRef}
            variant={open ? 'filled' : 'default'}
            size={34}
            aria-label={t`Find a place`}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={toggle}
            onPointerEnter={preload}
            onFocus={preload}
          >
            <MagnifierIcon />
          </ActionIcon>
        </Tooltip>
        <VisuallyHidden role="status">{open ? '' : announcement}</VisuallyHidden>
        {requested && (
          <Suspense
            fallback={
              <Paper id={panelId} className={classes.panel} withBorder shadow="md" p="sm">
                <Loader size="xs" aria-hidden />{' '}
                <Text span size="sm" role="status">
                  <Trans>Loading the place search…</Trans>
                </Text>
              </Paper>
            }
          >
            <LazyPlaceSearchPanel
              {...props}
              open={open}
              panelId={panelId}
              onClose={close}
              onAnnounce={setAnnouncement}
            />
          </Suspense>
        )}
      </div>
    </MapControl>
  );
}
