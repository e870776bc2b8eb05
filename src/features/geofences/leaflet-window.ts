import L from 'leaflet';

declare global {
  interface Window {
    L?: typeof L;
  }
}

// leaflet-geoman extends the global `L` when it loads, so it must see this same Leaflet instance.
window.L = L;
