import { Control, DomEvent, DomUtil, type ControlPosition } from 'leaflet';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';

/**
 * React content placed among Leaflet's own controls (so it stacks with the zoom buttons), with
 * clicks and wheel events kept from reaching the map underneath.
 */
export function MapControl({
  position = 'topleft',
  first = false,
  children,
}: {
  position?: ControlPosition;
  /** First in its corner, above the others (such as the zoom buttons) rather than below them. */
  first?: boolean;
  children: ReactNode;
}) {
  const map = useMap();
  const [container] = useState(() => {
    const element = DomUtil.create('div', 'leaflet-control');
    DomEvent.disableClickPropagation(element);
    DomEvent.disableScrollPropagation(element);
    return element;
  });

  useEffect(() => {
    const control = new Control({ position });
    control.onAdd = () => container;
    control.addTo(map);
    if (first) container.parentElement?.prepend(container);
    return () => {
      control.remove();
    };
  }, [map, position, first, container]);

  return createPortal(children, container);
}
