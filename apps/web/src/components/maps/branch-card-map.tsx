import { circleRadiusMeters } from '@haulpro/shared/branch';
import { Box } from '@mantine/core';
import { latLng } from 'leaflet';
import { Circle, MapContainer, Marker } from 'react-leaflet';
import classes from './map.module.css';
import { branchMarkerIcon, CIRCLE_STYLE, FitToCircle, MapTiles } from './map-layers.tsx';

type TBranchCardMapProps = {
  name: string;
  latitude: number;
  longitude: number;
  /** km */
  serviceArea: number;
  height?: number;
};

/**
 * The map on a location card: the branch's marker and its service-area circle, fitted to
 * the circle. It is a picture, not a tool: no dragging, no wheel or touch zoom, so the page
 * scrolls past it.
 */
export function BranchCardMap({ name, latitude, longitude, serviceArea, height = 180 }: TBranchCardMapProps) {
  const radius = circleRadiusMeters(serviceArea);
  const center = latLng(latitude, longitude);
  return (
    <Box
      className={classes.frame}
      h={height}
      // A group, not an image: the map holds focusable parts (an img role hides them from assistive tech).
      role="group"
      aria-label={`Map of ${name}: ${serviceArea} km service area`}
      data-testid="branch-map"
      data-radius-m={radius}
      data-lat={latitude}
      data-lng={longitude}
    >
      <MapContainer
        className={classes.map}
        bounds={center.toBounds(radius * 2)}
        zoomSnap={0.25}
        zoomControl={false}
        attributionControl={false}
        dragging={false}
        scrollWheelZoom={false}
        doubleClickZoom={false}
        touchZoom={false}
        boxZoom={false}
        keyboard={false}
      >
        <MapTiles />
        <Circle center={center} radius={radius} pathOptions={CIRCLE_STYLE} interactive={false} />
        <Marker position={center} icon={branchMarkerIcon} interactive={false} keyboard={false} />
        <FitToCircle
          latitude={latitude}
          longitude={longitude}
          radiusMeters={radius}
          refitKey={`${latitude},${longitude},${radius}`}
        />
      </MapContainer>
    </Box>
  );
}
