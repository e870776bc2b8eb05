import type L from 'leaflet';

/** How far the panel reaches into the map from its right edge or from its bottom, in pixels. */
export function panelInsets(
  map: L.Map,
  panel: HTMLElement | null,
): { right: number; bottom: number } {
  if (!panel) return { right: 0, bottom: 0 };
  const mapBox = map.getContainer().getBoundingClientRect();
  const panelBox = panel.getBoundingClientRect();
  if (panelBox.width === 0 || panelBox.height === 0) return { right: 0, bottom: 0 };
  // A narrow panel stands at the right edge; one nearly as wide as the map is a bottom sheet.
  if (panelBox.width < mapBox.width * 0.6) {
    return { right: Math.max(0, mapBox.right - panelBox.left), bottom: 0 };
  }
  return { right: 0, bottom: Math.max(0, mapBox.bottom - panelBox.top) };
}
