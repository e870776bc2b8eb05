// Order matters: the global Leaflet must exist before leaflet-geoman evaluates.
import './leaflet-window';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
