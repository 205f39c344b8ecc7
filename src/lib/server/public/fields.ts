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
