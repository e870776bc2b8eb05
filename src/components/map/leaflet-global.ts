import L from 'leaflet';

declare global {
  interface Window {
    L?: typeof L;
  }
}

// Leaflet plugins written as plain scripts (leaflet.heat) extend the global `L` when they load,
// so it must be this same Leaflet instance.
window.L = L;
