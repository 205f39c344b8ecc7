/**
 * How the open data describes a field: the one shape the data dictionary page, the CSV headers and the
 * OpenAPI schemas (public/api-schemas.ts) are all built from.
 */
export interface FieldDef {
  name: string;
  type: 'integer' | 'number' | 'text' | 'boolean' | 'date' | 'instant' | 'url' | 'array' | 'object';
  unit?: string;
  description: string;
  /** The value can be empty (null in JSON, an empty cell in CSV). */
  nullable?: boolean;
}

export const INSTANT_UNIT = 'UTC instant, ISO 8601 (e.g. 2026-05-03T14:05:00.000Z)';
export const LOCAL_DATE_UNIT = 'local calendar day (America/New_York), YYYY-MM-DD';

/** Which project a town-wide record belongs to: the same four columns in every town-wide dataset. */
export const PROJECT_REFERENCE_FIELDS: FieldDef[] = [
  { name: 'project_id', type: 'integer', description: 'The project (see /api/projects/{id}).' },
  { name: 'project_slug', type: 'text', description: 'The project page address: /projects/{project_slug}.' },
  { name: 'project_name', type: 'text', description: 'Project name.' },
  { name: 'project_url', type: 'url', description: 'The project page on this portal.' },
];
