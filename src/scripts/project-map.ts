/**
 * The one map island: Leaflet with markers coloured and shaped by status, grid clustering when they
 * crowd, popups linking to project pages. Tiles come from MAP_TILE_URL; if they fail, the markers (and
 * the list beside the map) still work. On the near-me page it draws the chosen circle, and a click on
 * the map offers "construction near here".
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { ProjectStatus } from '#db/schema.ts';
import { gridCluster } from '#lib/shared/cluster.ts';
import { statusMarkerSvg } from '#lib/shared/status-markers.ts';

interface Point {
  slug: string;
  name: string;
  address: string;
  status: ProjectStatus;
  statusLabel: string;
  lat: number;
  lon: number;
  distance?: string;
  /** Where the popup links (default: the project page); the practices layer links its own pages. */
  href?: string;
}
interface MapData {
  points: Point[];
  /** Many markers: the points come from this GeoJSON instead (compact: public/map-page.ts; labelled: public/report-list.ts). */
  pointsUrl?: string;
  statusLabels?: Record<ProjectStatus, string>;
  centre?: { lat: number; lon: number; radius: number; label: string };
  clickRadius?: number;
  /** The town profile's map centre. */
  home?: { lat: number; lon: number };
  /** What the markers are, plural (default "projects"): the officer's queue maps reports. */
  noun?: string;
}

const METRES_PER_MILE = 1609.344;
const CELL_PX = 44;
/** Every marker is a tap target of at least 24 by 24 CSS pixels (WCAG 2.5.8), whatever it draws inside. */
const MARKER_PX = 24;

function text(tag: string, value: string, className?: string): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = value;
  if (className) node.className = className;
  return node;
}

function popupFor(p: Point): HTMLElement {
  const box = document.createElement('div');
  const link = document.createElement('a');
  link.href = p.href ?? `/projects/${encodeURIComponent(p.slug)}`;
  link.textContent = p.name;
  const title = document.createElement('strong');
  title.append(link);
  box.append(title, text('div', `${p.statusLabel}: ${p.address}`));
  if (p.distance) box.append(text('div', p.distance));
  return box;
}

interface CompactFeature {
  geometry: { coordinates: [number, number] };
  properties: { s: string; n: string; a: string; t: ProjectStatus };
}
/** A feature that names its own page, words and marker shape (residents' reports: public/report-list.ts). */
interface LabelledFeature {
  geometry: { coordinates: [number, number] };
  properties: { title: string; path: string; place: string; marker: ProjectStatus; statusLabel: string };
}

function pointOf(f: CompactFeature | LabelledFeature, labels: Record<ProjectStatus, string>): Point {
  const [lon, lat] = f.geometry.coordinates;
  if ('marker' in f.properties) {
    const p = f.properties;
    return {
      slug: p.path,
      name: p.title,
      address: p.place,
      status: p.marker,
      statusLabel: p.statusLabel,
      href: p.path,
      lat,
      lon,
    };
  }
  const p = f.properties;
  return { slug: p.s, name: p.n, address: p.a, status: p.t, statusLabel: labels[p.t] ?? p.t, lat, lon };
}

export async function startProjectMap(): Promise<void> {
  const el = document.querySelector<HTMLElement>('[data-map]');
  const raw = document.querySelector('[data-map-data]')?.textContent;
  const note = document.querySelector<HTMLElement>('[data-map-note]');
  if (!el || !raw) return;
  const data = JSON.parse(raw) as MapData;
  const noun = data.noun ?? 'projects';
  if (data.pointsUrl) {
    try {
      const res = await fetch(data.pointsUrl);
      if (!res.ok) throw new Error(String(res.status));
      const fc = (await res.json()) as { features: Array<CompactFeature | LabelledFeature> };
      const labels = data.statusLabels ?? ({} as Record<ProjectStatus, string>);
      data.points = fc.features.map((f) => pointOf(f, labels));
    } catch {
      if (note) note.textContent = `The markers could not be loaded. All the ${noun} are in the list beside the map.`;
      return;
    }
  }
  if (note)
    note.textContent = data.noun
      ? `Markers: colour and shape show the status; each links to its page. Numbered circles are ${noun} close together; select one to zoom in.`
      : 'Markers: colour and shape show the status (see the key). Numbered circles are groups; select one to zoom in.';

  // prefers-reduced-motion: zooming, panning, fading tiles and popups jump instead of gliding (WCAG 2.3.3).
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const map = L.map(el, {
    scrollWheelZoom: false,
    keyboard: true,
    zoomSnap: 0.5,
    zoomAnimation: !still,
    fadeAnimation: !still,
    markerZoomAnimation: !still,
    inertia: !still,
  });
  if (still) {
    // Keyboard panning and popup auto-pan call panBy, which animates unless told not to.
    const panBy = map.panBy.bind(map);
    map.panBy = (offset, options) => panBy(offset, { ...options, animate: false });
  }
  const tiles = L.tileLayer(el.dataset.tileUrl ?? '', { attribution: el.dataset.attribution ?? '', maxZoom: 19 });
  let warned = false;
  tiles.on('tileerror', () => {
    if (warned || !note) return;
    warned = true;
    note.textContent = `The background map could not be loaded. The markers and the list of ${noun} still work.`;
  });
  tiles.addTo(map);

  const bounds = L.latLngBounds([]);
  for (const p of data.points) bounds.extend([p.lat, p.lon]);
  if (data.centre) {
    L.circle([data.centre.lat, data.centre.lon], {
      radius: data.centre.radius * METRES_PER_MILE,
      color: '#0b4f71',
      weight: 2,
      fillOpacity: 0.06,
    }).addTo(map);
    // The chosen place: a small dot drawn inside a full-size marker, so the tap target is not the dot's size.
    const centre = L.divIcon({
      className: 'map-marker',
      html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MARKER_PX} ${MARKER_PX}" width="${MARKER_PX}" height="${MARKER_PX}" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="6" fill="#ffbf47" stroke="#0b4f71" stroke-width="3"/></svg>`,
      iconSize: [MARKER_PX, MARKER_PX],
      iconAnchor: [MARKER_PX / 2, MARKER_PX / 2],
    });
    // Not a stop for the keyboard, as before: the page says in words which place the list is around.
    L.marker([data.centre.lat, data.centre.lon], { icon: centre, keyboard: false })
      // An element, not a string: Leaflet would parse a string as HTML, and the label can echo typed text.
      .bindTooltip(text('span', data.centre.label))
      .addTo(map);
    // Not circle.getBounds(): that needs the map to have a view already.
    bounds.extend(L.latLng(data.centre.lat, data.centre.lon).toBounds(2 * data.centre.radius * METRES_PER_MILE));
  }
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
  else map.setView([data.home?.lat ?? 42.65, data.home?.lon ?? -73.76], data.home ? 12 : 7);

  const layer = L.layerGroup().addTo(map);
  const draw = () => {
    layer.clearLayers();
    const zoom = map.getZoom();
    const projected = data.points.map((p) => ({ p, ...map.project([p.lat, p.lon], zoom) }));
    for (const cluster of gridCluster(projected, CELL_PX)) {
      if (cluster.items.length === 1) {
        const { p } = cluster.items[0];
        const icon = L.divIcon({
          className: 'map-marker',
          html: statusMarkerSvg(p.status, MARKER_PX),
          iconSize: [MARKER_PX, MARKER_PX],
          iconAnchor: [MARKER_PX / 2, MARKER_PX / 2],
          popupAnchor: [0, -10],
        });
        L.marker([p.lat, p.lon], {
          icon,
          title: `${p.name} (${p.statusLabel})`,
          alt: `${p.name}, ${p.statusLabel}`,
          keyboard: true,
          riseOnHover: true,
        })
          .bindPopup(popupFor(p))
          .addTo(layer);
      } else {
        const n = cluster.items.length;
        // Sizes come from classes: the Content-Security-Policy forbids inline style attributes.
        const [size, cls] = n < 10 ? [30, 's'] : n < 100 ? [36, 'm'] : [44, 'l'];
        const icon = L.divIcon({
          className: '',
          html: `<div class="map-cluster map-cluster-${cls}">${n}</div>`,
          iconSize: [size, size],
          iconAnchor: [size / 2, size / 2],
        });
        const at = map.unproject([cluster.x, cluster.y], zoom);
        const marker = L.marker(at, {
          icon,
          title: `${n} ${noun} here: select to zoom in`,
          alt: `${n} ${noun}`,
          keyboard: true,
        });
        marker.on('click', () => {
          const b = L.latLngBounds(cluster.items.map((i) => [i.p.lat, i.p.lon] as [number, number]));
          const sameSpot = b.getNorthEast().equals(b.getSouthWest());
          if (sameSpot || zoom >= map.getMaxZoom() - 1) {
            // Same place: list them in a popup instead of zooming forever.
            const box = document.createElement('div');
            for (const i of cluster.items) box.append(popupFor(i.p));
            marker.bindPopup(box).openPopup();
          } else map.fitBounds(b, { padding: [40, 40], animate: !still });
        });
        marker.addTo(layer);
      }
    }
  };
  map.on('zoomend', draw);
  draw();

  if (data.clickRadius) {
    map.on('click', (e: L.LeafletMouseEvent) => {
      const lat = e.latlng.lat.toFixed(6);
      const lon = e.latlng.lng.toFixed(6);
      const box = document.createElement('div');
      const link = document.createElement('a');
      link.href = `/near?lat=${lat}&lon=${lon}&r=${data.clickRadius}`;
      link.textContent = 'Show construction near this point';
      box.append(link);
      L.popup().setLatLng(e.latlng).setContent(box).openOn(map);
    });
  }
}
