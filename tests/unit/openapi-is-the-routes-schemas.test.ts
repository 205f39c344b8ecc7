/**
 * The OpenAPI document is written from the schemas the routes validate with, never beside them: every API
 * route file exports its contract (public/api-routes.ts) and parses its query string and path through it, and
 * the document's parameters and success answers are z.toJSONSchema of those same schemas. A route added
 * without a contract, a filter the document does not list, or an answer documented with another schema fails.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { API_CONTRACTS, type ApiContract } from '#lib/server/public/api-routes.ts';
import { NAMED_SCHEMAS } from '#lib/server/public/api-schemas.ts';
import { openApiDocument } from '#lib/server/public/openapi.ts';

type Json = Record<string, unknown>;
type Operation = { parameters: Json[]; responses: Record<string, { content?: Record<string, { schema: Json }> }> };
type Doc = {
  openapi: string;
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, Json> };
};

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every API route file with the address it answers at. */
function routeFiles(): Array<{ file: string; route: string }> {
  const api = fs
    .readdirSync(path.join(ROOT, 'src/pages/api'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({
      file: `src/pages/api/${f}`,
      route: `/api/${f
        .replace(/\.ts$/, '')
        .replace(/\/?index$/, '')
        .replace(/\[(\w+)\]/g, '{$1}')}`,
    }));
  // The public log of records requests lives beside its page, outside /api.
  const log = ['log.json', 'log.csv'].map((f) => ({ file: `src/pages/requests/${f}.ts`, route: `/requests/${f}` }));
  return [...api, ...log].sort((a, b) => a.route.localeCompare(b.route));
}

const plain = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Json;
  return rest;
};

/** The document's schema with every #/components/schemas reference replaced by what it names. */
function resolved(schema: unknown, doc: Doc): unknown {
  if (Array.isArray(schema)) return schema.map((s) => resolved(s, doc));
  if (schema && typeof schema === 'object') {
    const ref = (schema as { $ref?: string }).$ref;
    if (ref) return resolved(doc.components.schemas[ref.replace('#/components/schemas/', '')], doc);
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolved(v, doc)]));
  }
  return schema;
}

/** What the document must say of each parameter a schema reads. */
function expectedParameters(schema: z.ZodObject | undefined, where: 'query' | 'path') {
  return Object.entries(schema?.shape ?? {}).map(([name, field]) => {
    const f = field as z.ZodType;
    const inner = (f instanceof z.ZodOptional ? f.unwrap() : f) as z.ZodType;
    const { description: _d, examples: _e, ...json } = plain(inner, 'input');
    return { name, in: where, required: !(f instanceof z.ZodOptional), schema: json };
  });
}

let db: DB;
let doc: Doc;
beforeAll(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  doc = (await openApiDocument(asyncOf(db), 'https://portal.example')) as unknown as Doc;
});

describe('the OpenAPI document is generated from the schemas the routes validate with', () => {
  it('every API route file exports its contract, for its own address, and parses through it', async () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(15);
    for (const { file, route } of files) {
      const mod = (await import(path.join(ROOT, file))) as { contract?: ApiContract };
      expect(mod.contract, `${file} exports its contract`).toBeDefined();
      expect(mod.contract!.path, file).toBe(route);
      expect(mod.contract, file).toBe(API_CONTRACTS[route as keyof typeof API_CONTRACTS]);
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      if (mod.contract!.query)
        expect(source, `${file} reads its query through the contract`).toContain('contract.query');
      if (mod.contract!.params)
        expect(source, `${file} reads its path through the contract`).toContain('contract.params');
    }
    expect(Object.keys(API_CONTRACTS).sort()).toEqual(files.map((f) => f.route).sort());
  });

  it('the document lists every route, and each parameter is z.toJSONSchema of the field the route reads', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(API_CONTRACTS).sort());
    for (const c of Object.values(API_CONTRACTS) as ApiContract[]) {
      const documented = doc.paths[c.path].get.parameters
        .filter((p) => p.in === 'query' || p.in === 'path')
        .map(({ name, in: where, required, schema }) => ({ name, in: where, required, schema }));
      expect(documented, c.path).toEqual([
        ...expectedParameters(c.params, 'path'),
        ...expectedParameters(c.query, 'query'),
      ]);
    }
  });

  it('each success answer is z.toJSONSchema of the route’s answer schema, and a route that parses a query documents its 400', () => {
    for (const c of Object.values(API_CONTRACTS) as ApiContract[]) {
      const responses = doc.paths[c.path].get.responses;
      if (c.answer === 'csv') {
        expect(Object.keys(responses['200'].content!), c.path).toEqual(['text/csv']);
      } else {
        expect(Object.keys(responses['200'].content!), c.path).toEqual([c.answer.mediaType]);
        expect(resolved(responses['200'].content![c.answer.mediaType].schema, doc), c.path).toEqual(
          plain(NAMED_SCHEMAS[c.answer.schema], 'output'),
        );
      }
      expect('400' in responses, c.path).toBe(Boolean(c.query));
    }
  });

  it('stays an OpenAPI 3.1 document in JSON Schema 2020-12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect((doc as unknown as Json).jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  });
});
