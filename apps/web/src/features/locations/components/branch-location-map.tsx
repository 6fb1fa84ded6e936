import { circleRadiusMeters } from '@haulpro/shared/branch';
import { Box } from '@mantine/core';
import { type Marker as LeafletMarker, latLng } from 'leaflet';
import { Circle, MapContainer, Marker, useMapEvents } from 'react-leaflet';
import classes from '../../../components/maps/map.module.css';
import {
  branchMarkerIcon,
  CIRCLE_STYLE,
  FitToCircle,
  MapTiles,
} from '../../../components/maps/map-layers.tsx';

type TBranchLocationMapProps = {
  latitude: number;
  longitude: number;
  /** km */
  serviceArea: number;
  /** Changes when the view should be fitted to the circle again (a new ZIP, a new radius). */
  refitKey: string;
  onMove: (point: { latitude: number; longitude: number }) => void;
  height: number | string;
};

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToMove({ onMove }: Pick<TBranchLocationMapProps, 'onMove'>) {
  useMapEvents({
    click: (event) => onMove({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
  });
  return null;
}

/**
 * The add/edit modal's map: drag the marker (or click the map) to set the branch's exact
 * location; the circle shows the service area around it.
 */
export function BranchLocationMap({
  latitude,
  longitude,
  serviceArea,
  refitKey,
  onMove,
  height,
}: TBranchLocationMapProps) {
  const radius = circleRadiusMeters(serviceArea);
  const center = latLng(latitude, longitude);
  return (
    <Box
      className={classes.frame}
      h={height}
      data-testid="branch-form-map"
      data-radius-m={radius}
      data-lat={latitude}
      data-lng={longitude}
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <MapContainer
        className={classes.map}
        bounds={center.toBounds(radius * 2)}
        zoomSnap={0.25}
        attributionControl={false}
        scrollWheelZoom
      >
        <MapTiles />
        <Circle center={center} radius={radius} pathOptions={CIRCLE_STYLE} interactive={false} />
        <Marker
          position={center}
          icon={branchMarkerIcon}
          draggable
          autoPan
          title="Drag to the branch's location"
          alt="Branch location"
          eventHandlers={{
            dragend: (event) => {
              const point = (event.target as LeafletMarker).getLatLng();
              onMove({ latitude: round(point.lat), longitude: round(point.lng) });
            },
          }}
        />
        <ClickToMove onMove={onMove} />
        <FitToCircle latitude={latitude} longitude={longitude} radiusMeters={radius} refitKey={refitKey} />
      </MapContainer>
    </Box>
  );
}
