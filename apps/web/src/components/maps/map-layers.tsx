import 'leaflet/dist/leaflet.css';
import { icon, latLng } from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import { AttributionControl, TileLayer, useMap } from 'react-leaflet';
import { useMapConfig } from './use-map-config.ts';

/*
 * What every branch map shares: the tile layer (MAP_TILE_URL on the server, optional), the marker icon,
 * and fitting the view to the service-area circle. Only the lazy locations chunk imports
 * this file, and only lazily (lazy-branch-card-map.tsx, the locations page), so Leaflet and its
 * CSS are never part of a page's first paint.
 */

/**
 * The background tiles, or nothing: no tiles are configured, the tile server does not answer
 * (the server checks, GET /api/public/map), or a tile failed to load here, after which the layer
 * is removed so the browser stops asking. The circle and the marker stay on the plain background.
 * The server sends Referrer-Policy: no-referrer, but tile servers (OpenStreetMap's usage policy)
 * want to know the referring site: tiles send the origin, never the path.
 */
export function MapTiles() {
  const config = useMapConfig();
  const [failed, setFailed] = useState(false);
  if (!config?.tile_url || failed) return null;
  return (
    <>
      <TileLayer
        url={config.tile_url}
        attribution={config.attribution}
        maxZoom={19}
        referrerPolicy="strict-origin-when-cross-origin"
        eventHandlers={{ tileerror: () => setFailed(true) }}
      />
      {/* The maps are created without the control: it appears with the tiles it credits. */}
      <AttributionControl position="bottomright" />
    </>
  );
}

/**
 * Leaflet's default icon finds its images through a CSS url() that Vite rewrites, so it
 * breaks in a bundle; this one takes the imported images (inlined as data: URLs).
 */
export const branchMarkerIcon = icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

export const CIRCLE_STYLE = { color: '#1c7ed6', weight: 2, fillColor: '#339af0', fillOpacity: 0.15 } as const;

type TFitToCircleProps = {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** The view is fitted again whenever this changes (and when the map's box resizes). */
  refitKey: string;
};

/** Fits the view to the circle, with a little room around it. */
export function FitToCircle({ latitude, longitude, radiusMeters, refitKey }: TFitToCircleProps) {
  const map = useMap();
  const latest = useRef({ latitude, longitude, radiusMeters });
  latest.current = { latitude, longitude, radiusMeters };

  // biome-ignore lint/correctness/useExhaustiveDependencies: refitKey says when to fit; the circle is read from the ref.
  useEffect(() => {
    const fit = () => {
      const { latitude: lat, longitude: lng, radiusMeters: r } = latest.current;
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return;
      const pad = Math.min(24, Math.round(Math.min(size.x, size.y) / 10));
      map.fitBounds(latLng(lat, lng).toBounds(r * 2), { padding: [pad, pad], animate: false });
    };
    fit();
    // Modals and grids settle their size after the map is created.
    const observer = new ResizeObserver(() => {
      map.invalidateSize({ animate: false });
      fit();
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, refitKey]);

  return null;
}
