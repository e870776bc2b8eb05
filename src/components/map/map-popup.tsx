import type { LatLngTuple } from 'leaflet';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Popup, useMap } from 'react-leaflet';
import classes from './map-popup.module.css';

/** Room left between the fixed header and a popup scrolled into view. */
const POPUP_HEADER_GAP_PX = 8;
/** How long after opening a pan counts as the one opening started (Leaflet's take 0.25 s). */
const OPENING_PAN_WINDOW_MS = 1_000;

/**
 * A popup the page opens at a point (the selected marker's), with React content. Opened from the
 * keyboard it takes the focus, and gives it back to the marker when closed with its button.
 */
export function MapPopup({
  latitude,
  longitude,
  onClosed,
  takeFocus,
  label,
  children,
}: {
  latitude: number;
  longitude: number;
  /** Leaflet closed it: its close button, Escape, or a click on the map. */
  onClosed: () => void;
  takeFocus: boolean;
  /** What the popup is about, for assistive technology. */
  label: string;
  children: ReactNode;
}) {
  // A new array on every render would reopen the popup each time.
  const position = useMemo<LatLngTuple>(() => [latitude, longitude], [latitude, longitude]);
  const eventHandlers = useMemo(() => ({ remove: onClosed }), [onClosed]);
  return (
    <Popup
      position={position}
      eventHandlers={eventHandlers}
      autoPanPadding={[24, 24]}
      className={classes.popup}
    >
      <PopupBody takeFocus={takeFocus} label={label}>
        {children}
      </PopupBody>
    </Popup>
  );
}

function PopupBody({
  takeFocus,
  label,
  children,
}: {
  takeFocus: boolean;
  label: string;
  children: ReactNode;
}) {
  const map = useMap();
  const bodyRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  // Leaflet pans the map to fit the popup, but only within the map: on a phone scrolled down, the
  // map's top (and so the popup's title) can sit under the fixed header. Once Leaflet has panned,
  // the page scrolls up just enough to show it.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const popup = body.closest('.leaflet-popup') ?? body;
    const revealBelowHeader = () => {
      // The page's banner: the first header, the app shell's fixed one.
      const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const hidden = headerBottom + POPUP_HEADER_GAP_PX - popup.getBoundingClientRect().top;
      if (hidden > 0) window.scrollBy({ top: -hidden });
    };
    const frame = requestAnimationFrame(revealBelowHeader);
    map.once('moveend', revealBelowHeader);
    // Only the pan that opening started: a later one is the user's, and moves the map alone.
    const panWindow = window.setTimeout(
      () => map.off('moveend', revealBelowHeader),
      OPENING_PAN_WINDOW_MS,
    );
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(panWindow);
      map.off('moveend', revealBelowHeader);
    };
  }, [map]);

  // Leaflet closes popups on Escape only while the map itself has the focus.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      map.closePopup();
    };
    body.addEventListener('keydown', closeOnEscape);
    return () => body.removeEventListener('keydown', closeOnEscape);
  }, [map]);

  useEffect(() => {
    const body = bodyRef.current;
    if (!takeFocus || !body) return;
    const active = document.activeElement;
    // Kept from the first run: a second one (React's strict mode) would find the popup itself.
    if (!openerRef.current && active instanceof HTMLElement && !body.contains(active)) {
      openerRef.current = active;
    }
    body.focus();
    // Leaflet fades a closed popup out before removing it, its close button still focused.
    const popup = body.closest('.leaflet-popup') ?? body;
    return () => {
      const focused = document.activeElement;
      // Only when the focus goes down with the popup; a click elsewhere keeps its own focus.
      const lost = !focused || focused === document.body || popup.contains(focused);
      if (lost && openerRef.current?.isConnected) openerRef.current.focus();
    };
  }, [takeFocus]);

  return (
    <div ref={bodyRef} tabIndex={-1} role="group" aria-label={label} className={classes.body}>
      {children}
    </div>
  );
}
