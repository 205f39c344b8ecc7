/**
 * Where the problem is, on the report form: a pin put on the map by a tap, or the browser's location,
 * written into the form's latitude/longitude fields; each new pin refreshes the reports already open near it
 * (nearby-reports.ts). Without JavaScript the form asks for an address.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { followNearbyReports } from '#scripts/nearby-reports.ts';

export function startReportPlace(): void {
  const el = document.querySelector<HTMLElement>('[data-report-map]');
  const lat = document.querySelector<HTMLInputElement>('#f-lat');
  const lon = document.querySelector<HTMLInputElement>('#f-lon');
  const status = document.querySelector<HTMLElement>('[data-place-status]');
  const locate = document.querySelector<HTMLButtonElement>('[data-report-locate]');
  if (!lat || !lon) return;
  const say = (t: string) => {
    if (status) status.textContent = t;
  };
  let marker: L.CircleMarker | undefined;
  let map: L.Map | undefined;
  const nearby = followNearbyReports();
  const pin = (la: number, lo: number, words: string, moved = true) => {
    lat.value = la.toFixed(6);
    lon.value = lo.toFixed(6);
    say(`${words}: ${la.toFixed(5)}, ${lo.toFixed(5)}. You can leave the address blank.`);
    // The page came with the reports near its own pin: only a pin the resident moves asks again.
    if (moved) nearby(la, lo);
    if (!map) return;
    marker?.remove();
    marker = L.circleMarker([la, lo], {
      radius: 8,
      color: '#0b4f71',
      fillColor: '#ffbf47',
      fillOpacity: 1,
      weight: 3,
      // Not a tap target: a tap on it re-pins through the map, as anywhere else.
      interactive: false,
    }).addTo(map);
  };
  if (el) {
    el.hidden = false;
    const start =
      lat.value && lon.value
        ? ([Number(lat.value), Number(lon.value)] as [number, number])
        : ([42.8, -74.0] as [number, number]);
    map = L.map(el, { scrollWheelZoom: false, keyboard: true }).setView(start, lat.value ? 16 : 12);
    L.tileLayer(el.dataset.tileUrl ?? '', { attribution: el.dataset.attribution ?? '', maxZoom: 19 }).addTo(map);
    if (lat.value && lon.value) pin(Number(lat.value), Number(lon.value), 'Pinned', false);
    if (!('readonly' in el.dataset))
      map.on('click', (e: L.LeafletMouseEvent) => pin(e.latlng.lat, e.latlng.lng, 'Pinned on the map'));
  }
  if (locate && 'geolocation' in navigator) {
    locate.hidden = false;
    locate.addEventListener('click', () => {
      say('Finding your location…');
      locate.disabled = true;
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          locate.disabled = false;
          pin(pos.coords.latitude, pos.coords.longitude, 'Your location');
          map?.setView([pos.coords.latitude, pos.coords.longitude], 17);
        },
        (err) => {
          locate.disabled = false;
          say(
            err.code === err.PERMISSION_DENIED
              ? 'Your browser did not share your location. Put a pin on the map or type an address.'
              : 'Your location could not be found. Put a pin on the map or type an address.',
          );
        },
        { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
      );
    });
  }
}
