/**
 * The catalog of the portal's open data, in one list, written three ways: the DCAT-US 1.1 catalog at
 * /data.json (the Project Open Data metadata schema U.S. governments publish their data with, so
 * data.gov-style harvesters find it), schema.org JSON-LD for the open-data page (a DataCatalog of
 * Datasets, for search engines), and the downloads table on that page. Also the schema.org JSON-LD of a
 * project page (a Place with its GeoCoordinates) and of the records request page (a GovernmentService).
 *
 * Only public facts: the town's name and its published contact address (MAIL_FROM), the addresses of the
 * downloads, a project's published name, address and location. Never anything a requester typed.
 */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { TownWords } from '#lib/shared/town-profile.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { config } from '#lib/server/platform/config.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { listOpenProjects, newestUpdate } from './open-data.ts';

export interface Distribution {
  path: string;
  mediaType: string;
  format: string;
  title: string;
}

export interface OpenDataset {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  /** Where the fields are explained, on the open-data page. */
  dictionary: string;
  distributions: Distribution[];
  /** How often it changes, as ISO 8601 (DCAT-US accrualPeriodicity). */
  periodicity: string;
}

/** The datasets, described in the town's words (its profile). */
export function openDatasets(t: TownWords): OpenDataset[] {
  return [
    {
      id: 'projects',
      title: `Construction stormwater projects in the ${t.fullName}`,
      description:
        'Every published construction project under the municipality’s erosion and sediment control law: the notice of intent (site, parcels, acres disturbed, receiving waters, planned dates), status, permit numbers, and enforcement in force. One project by id adds its public documents, monthly inspection summaries, enforcement actions, municipal inspections and compliance findings.',
      keywords: [
        'stormwater',
        'construction',
        'erosion and sediment control',
        'SWPPP',
        'SPDES',
        'permits',
        'enforcement',
        t.profile.name,
        'New York',
      ],
      dictionary: '/open-data#dict-projects',
      periodicity: 'R/PT1H',
      distributions: [
        {
          path: '/api/projects',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Every published project (JSON)',
        },
        {
          path: '/api/projects.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Every published project, one row each (CSV)',
        },
        {
          path: '/api/projects.geojson',
          mediaType: 'application/geo+json',
          format: 'GeoJSON',
          title: 'Every published project as map points (GeoJSON, RFC 7946)',
        },
      ],
    },
    {
      id: 'findings',
      title: `Compliance findings at construction sites in the ${t.fullName}`,
      description:
        'What the portal found when it checked each site’s inspection reports and monthly summaries against the local law: inspections missed or late, post-storm inspections, monthly summaries not filed, more than five acres open at once, stabilization and sediment cleanout not done, corrective actions past due. Each finding has its rule, ordinance section, severity and dates; open findings and those that ended in the last year by default.',
      keywords: [
        'stormwater',
        'compliance',
        'inspections',
        'findings',
        'violations',
        'construction',
        t.profile.name,
        'New York',
      ],
      dictionary: '/open-data#dict-findings',
      periodicity: 'R/P1D',
      distributions: [
        {
          path: '/api/findings.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Compliance findings (JSON)',
        },
        {
          path: '/api/findings.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Compliance findings, one row each (CSV)',
        },
      ],
    },
    {
      id: 'enforcement-actions',
      title: `Enforcement actions at construction sites in the ${t.fullName}`,
      description:
        'Every public enforcement action the municipality issued at a published construction project under its erosion and sediment control law: notices of violation, stop-work orders and the rest, with the day issued, the ordinance section cited, status, the day lifted or closed, and a court’s fine once one is on record.',
      keywords: [
        'stormwater',
        'enforcement',
        'stop-work order',
        'notice of violation',
        'construction',
        t.profile.name,
        'New York',
      ],
      dictionary: '/open-data#dict-enforcement-actions',
      periodicity: 'R/PT1H',
      distributions: [
        {
          path: '/api/enforcement-actions.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Enforcement actions (JSON)',
        },
        {
          path: '/api/enforcement-actions.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Enforcement actions, one row each (CSV)',
        },
      ],
    },
    {
      // Not "town-inspections": the identifier is read as words, and a village's catalog never says Town.
      id: 'municipal-inspections',
      title: `Municipal inspections of construction sites in the ${t.fullName}`,
      description:
        'Every inspection the municipality made at a published construction project: the day, the milestone inspected (after the operator’s 48-hour notice) or none, the result, and the violations found with their ordinance section and the day each was corrected.',
      keywords: ['stormwater', 'inspections', 'violations', 'construction', t.profile.name, 'New York'],
      dictionary: '/open-data#dict-town-inspections',
      periodicity: 'R/PT1H',
      distributions: [
        {
          path: '/api/town-inspections.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Municipal inspections (JSON)',
        },
        {
          path: '/api/town-inspections.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Municipal inspections, one row each (CSV)',
        },
      ],
    },
    {
      id: 'residents-reports',
      title: `Residents’ reports of construction stormwater problems in the ${t.fullName}`,
      description:
        'Problems residents reported (mud on the road, sediment in a stream, a silt fence down): the category, what was seen, the place rounded to about 10 metres, the day seen and filed, the status and the published project it is about. Never the reporter’s name or contact details, and never a report the officer hid.',
      keywords: ['stormwater', '311', 'service requests', 'complaints', 'construction', t.profile.name, 'New York'],
      dictionary: '/open-data#dict-residents-reports',
      periodicity: 'R/PT1H',
      distributions: [
        {
          path: '/api/reports.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Residents’ reports (JSON)',
        },
        {
          path: '/api/reports.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Residents’ reports, one row each (CSV)',
        },
      ],
    },
    {
      id: 'post-storm-inspections',
      title: `Post-storm inspections at construction sites in the ${t.fullName}`,
      description:
        'For each of the newest storms of half an inch of rain or more, every published site under construction when it ended and whether it was inspected within 24 hours, as the law requires: the end of the window and the inspection.',
      keywords: ['stormwater', 'storms', 'rainfall', 'inspections', 'construction', t.profile.name, 'New York'],
      dictionary: '/open-data#dict-post-storm-inspections',
      periodicity: 'R/PT1H',
      distributions: [
        {
          path: '/api/post-storm-inspections.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Post-storm inspections (JSON)',
        },
        {
          path: '/api/post-storm-inspections.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Post-storm inspections, one row each (CSV)',
        },
      ],
    },
    {
      id: 'operator-companies',
      title: `Construction site operator companies in the ${t.fullName} and their record`,
      description:
        'Each company named as owner/operator on a published project’s notice of intent, with the numbers its page on the portal shows: its sites (all, and under construction), open compliance findings, findings and monthly summaries filed late or not at all in the last 12 months, public enforcement actions (in force, all, by type) and its answers to written requests for its SWPPP and inspection reports within five business days (on time, late, unanswered); and the findings month by month for the last 12 months. Company names and counts only; never a person’s name or contact details.',
      keywords: [
        'stormwater',
        'construction',
        'operators',
        'contractors',
        'compliance',
        'enforcement',
        t.profile.name,
        'New York',
      ],
      dictionary: '/open-data#dict-operator-companies',
      periodicity: 'R/P1D',
      distributions: [
        {
          path: '/api/operator-companies.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Operator companies and their record (JSON)',
        },
        {
          path: '/api/operator-companies.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Operator companies and their record, one row each (CSV)',
        },
        {
          path: '/api/operator-companies/monthly.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Operator companies’ findings month by month (JSON)',
        },
        {
          path: '/api/operator-companies/monthly.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Operator companies’ findings month by month, one row per company and month (CSV)',
        },
      ],
    },
    {
      id: 'practices',
      title: `Permanent stormwater practices in the ${t.fullName}`,
      description:
        'The municipality’s inventory of permanent stormwater management practices (ponds, wetlands, infiltration, filters and the like): what each is, where, who maintains it, when the municipality last inspected it and what it found, when the next inspection is due, and the maintenance still open.',
      keywords: [
        'stormwater',
        'stormwater management practices',
        'green infrastructure',
        'maintenance',
        'inspections',
        t.profile.name,
        'New York',
      ],
      dictionary: '/open-data#dict-practices',
      periodicity: 'R/P1D',
      distributions: [
        {
          path: '/api/practices.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Permanent stormwater practices (JSON)',
        },
        {
          path: '/api/practices.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Permanent stormwater practices, one row each (CSV)',
        },
        {
          path: '/api/practices.geojson',
          mediaType: 'application/geo+json',
          format: 'GeoJSON',
          title: 'Permanent stormwater practices as map points (GeoJSON, RFC 7946)',
        },
      ],
    },
    {
      id: 'records-requests-monthly',
      title: `Records requests per month, ${t.fullName} stormwater records`,
      description:
        'Requests for copies of stormwater records (under the Freedom of Information Law and the local law’s five business days) received each month: how many were answered, how many on time, the median days to answer, and how many are still open. Counts only; no requester’s details.',
      keywords: ['FOIL', 'freedom of information', 'records requests', 'transparency', t.profile.name, 'New York'],
      dictionary: '/open-data/records-requests',
      periodicity: 'R/P1D',
      distributions: [
        {
          path: '/api/records-requests/monthly.json',
          mediaType: 'application/json',
          format: 'JSON',
          title: 'Records requests per month (JSON)',
        },
        {
          path: '/api/records-requests/monthly.csv',
          mediaType: 'text/csv',
          format: 'CSV',
          title: 'Records requests per month (CSV)',
        },
      ],
    },
  ];
}

/**
 * Every dataset is public records of a New York municipality, dedicated to the public domain (CC0 1.0) so
 * anyone may reuse them without asking (decision 0102).
 */
export const OPEN_DATA_LICENSE = 'https://creativecommons.org/publicdomain/zero/1.0/';

/** The town's published contact: the sender's name and address (town profile, else MAIL_FROM). */
function contactPoint(t: TownWords): { name: string; email: string } {
  const from = t.profile.mailFrom || config().mailFrom;
  const email =
    /<([^>]+)>/.exec(from)?.[1] ??
    (from.includes('@') ? from.trim() : t.profile.stormwaterOfficer.email || 'stormwater@localhost');
  const name =
    from
      .replace(/<[^>]*>/, '')
      .replace(/"/g, '')
      .trim() || `${t.fullName} Stormwater`;
  return { name, email };
}

/** The town's box from its profile (decision 0044), west,south,east,north as DCAT-US asks. */
const spatialOf = ({ bounds: b }: TownWords['profile']) => `${b.minLon},${b.minLat},${b.maxLon},${b.maxLat}`;

// ---------------------------------------------------------------------------------------------
// DCAT-US 1.1 (https://resources.data.gov/resources/dcat-us/)

export async function dcatCatalog(db: Db, baseUrl: string, now = new Date()) {
  const t = await townAsync(db);
  const today = townToday(now);
  const projectsModified = newestUpdate(await listOpenProjects(db, { statuses: [] }, baseUrl));
  const modified: Record<string, string> = {
    projects: projectsModified.getTime() ? projectsModified.toISOString() : today,
    findings: today,
    'records-requests-monthly': today,
  };
  const contact = contactPoint(t);
  return {
    '@context': 'https://project-open-data.cio.gov/v1.1/schema/catalog.jsonld',
    '@id': `${baseUrl}/data.json`,
    '@type': 'dcat:Catalog',
    conformsTo: 'https://project-open-data.cio.gov/v1.1/schema',
    describedBy: 'https://project-open-data.cio.gov/v1.1/schema/catalog.json',
    dataset: openDatasets(t).map((d) => ({
      '@type': 'dcat:Dataset',
      title: d.title,
      description: d.description,
      keyword: d.keywords,
      modified: modified[d.id] ?? today,
      publisher: { '@type': 'org:Organization', name: t.fullNameWithState },
      contactPoint: { '@type': 'vcard:Contact', fn: contact.name, hasEmail: `mailto:${contact.email}` },
      identifier: `${baseUrl}/data.json#${d.id}`,
      accessLevel: 'public',
      license: OPEN_DATA_LICENSE,
      spatial: spatialOf(t.profile),
      accrualPeriodicity: d.periodicity,
      landingPage: `${baseUrl}/open-data`,
      describedBy: `${baseUrl}${d.dictionary}`,
      describedByType: 'text/html',
      language: ['en-US'],
      distribution: d.distributions.map((x) => ({
        '@type': 'dcat:Distribution',
        title: x.title,
        downloadURL: `${baseUrl}${x.path}`,
        mediaType: x.mediaType,
        format: x.format,
        describedBy: `${baseUrl}/api/openapi.json`,
        describedByType: 'application/vnd.oai.openapi+json',
      })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// schema.org JSON-LD

const townOrganization = (t: TownWords, baseUrl: string) => ({
  '@type': 'GovernmentOrganization',
  name: t.fullNameWithState,
  url: baseUrl,
  email: contactPoint(t).email,
  address: { '@type': 'PostalAddress', addressLocality: t.profile.name, addressRegion: 'NY', addressCountry: 'US' },
});

const townArea = (t: TownWords) => ({
  '@type': 'AdministrativeArea',
  name: t.fullNameWithState,
  geo: {
    '@type': 'GeoShape',
    box: `${t.profile.bounds.minLat} ${t.profile.bounds.minLon} ${t.profile.bounds.maxLat} ${t.profile.bounds.maxLon}`,
  },
});

/** The open-data page: a DataCatalog of the datasets above. */
export function dataCatalogJsonLd(t: TownWords, baseUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'DataCatalog',
    name: `${t.portalName} open data`,
    description: `Construction stormwater projects, compliance findings and records-request statistics of the ${t.fullNameWithState}, as JSON, CSV and GeoJSON.`,
    url: `${baseUrl}/open-data`,
    publisher: townOrganization(t, baseUrl),
    dataset: openDatasets(t).map((d) => ({
      '@type': 'Dataset',
      '@id': `${baseUrl}/data.json#${d.id}`,
      name: d.title,
      description: d.description,
      url: `${baseUrl}${d.dictionary}`,
      keywords: d.keywords,
      isAccessibleForFree: true,
      creator: townOrganization(t, baseUrl),
      spatialCoverage: townArea(t),
      distribution: d.distributions.map((x) => ({
        '@type': 'DataDownload',
        name: x.title,
        encodingFormat: x.mediaType,
        contentUrl: `${baseUrl}${x.path}`,
      })),
    })),
  };
}

export interface PlaceFacts {
  name: string;
  slug: string;
  description: string;
  siteAddress: string;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** A project page: the construction site as a Place, with its coordinates when the NOI gives them. */
export function projectPlaceJsonLd(p: PlaceFacts, baseUrl: string, t: TownWords) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Place',
    '@id': `${baseUrl}/projects/${p.slug}#place`,
    name: p.name,
    description: p.description.slice(0, 500),
    url: `${baseUrl}/projects/${p.slug}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: p.siteAddress,
      addressLocality: t.profile.name,
      addressRegion: 'NY',
      ...(p.zip ? { postalCode: p.zip } : {}),
      addressCountry: 'US',
    },
    ...(p.latitude != null && p.longitude != null
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: Math.round(p.latitude * 1e6) / 1e6,
            longitude: Math.round(p.longitude * 1e6) / 1e6,
          },
        }
      : {}),
    containedInPlace: townArea(t),
  };
}

/** The records request page: the service of copies of records, described for search engines. No requester data. */
export function recordsRequestServiceJsonLd(t: TownWords, baseUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'GovernmentService',
    name: 'Request copies of construction stormwater records',
    description: `Ask the ${t.fullName} for copies of a construction project’s stormwater pollution prevention plan (SWPPP), inspection reports, monthly summaries or notice of intent. The municipality responds within five business days; electronic copies are free.`,
    serviceType: 'Public records request (New York Freedom of Information Law)',
    url: `${baseUrl}/requests/new`,
    provider: townOrganization(t, baseUrl),
    areaServed: townArea(t),
    isAccessibleForFree: true,
    availableChannel: {
      '@type': 'ServiceChannel',
      name: 'Online request form',
      serviceUrl: `${baseUrl}/requests/new`,
      availableLanguage: { '@type': 'Language', name: 'English', alternateName: 'en' },
    },
    termsOfService: `${baseUrl}/help/fees`,
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped so no text in it can close
 * the script element (the CSP's script-src does not apply to a data block, which is never run).
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
