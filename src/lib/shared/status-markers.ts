/**
 * Map markers by project status: a colour AND a shape (as on the status badges), so colour is never
 * the only signal. SVG strings built from constants only (no user text), for Leaflet icons and the legend.
 */
import type { ProjectStatus } from '#db/schema.ts';

const COLOURS: Record<ProjectStatus, string> = {
  swppp_review: '#124f8c',
  approved: '#3f4a54',
  active: '#1d6b2f',
  stop_work: '#a4111b',
  final_stabilization: '#8a5a00',
  complete: '#5b6670',
};

const SHAPES: Record<ProjectStatus, (c: string) => string> = {
  swppp_review: (c) => `<circle cx="12" cy="12" r="8" fill="#fff" stroke="${c}" stroke-width="4"/>`,
  approved: (c) => `<rect x="4" y="4" width="16" height="16" fill="#fff" stroke="${c}" stroke-width="4"/>`,
  active: (c) => `<circle cx="12" cy="12" r="9.5" fill="${c}" stroke="#fff" stroke-width="2"/>`,
  stop_work: (c) =>
    `<polygon points="7.5,1.5 16.5,1.5 22.5,7.5 22.5,16.5 16.5,22.5 7.5,22.5 1.5,16.5 1.5,7.5" fill="${c}" stroke="#fff" stroke-width="2"/><rect x="6" y="10.5" width="12" height="3" fill="#fff"/>`,
  final_stabilization: (c) => `<polygon points="12,1.5 23,21.5 1,21.5" fill="${c}" stroke="#fff" stroke-width="2"/>`,
  complete: (c) =>
    `<circle cx="12" cy="12" r="10" fill="#fff" stroke="${c}" stroke-width="2"/><path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="${c}" stroke-width="3"/>`,
};

/** A 24x24 marker for a status. */
export function statusMarkerSvg(status: ProjectStatus, size = 24): string {
  const c = COLOURS[status] ?? '#3f4a54';
  const shape = (SHAPES[status] ?? SHAPES.approved)(c);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true" focusable="false">${shape}</svg>`;
}
