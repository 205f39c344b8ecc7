/**
 * A small JSON Schema (2020-12) checker for the subset the OpenAPI document uses (what z.toJSONSchema
 * writes): type (with null), properties, required, additionalProperties, items, prefixItems, enum,
 * const, anyOf/oneOf, pattern, minimum/maximum, minItems/maxItems and $ref into the document. Returns
 * every mismatch with its path, so a test failure names the field.
 */
type Schema = Record<string, unknown>;

export function validate(value: unknown, schema: Schema, root: Schema, path = '$'): string[] {
  if (typeof schema.$ref === 'string') return validate(value, resolve(root, schema.$ref), root, path);
  const errors: string[] = [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const results = alternatives.map((s) => validate(value, s, root, path));
    if (!results.some((r) => r.length === 0))
      errors.push(
        `${path}: matches none of ${alternatives.length} alternatives (${results.map((r) => r[0]).join(' | ')})`,
      );
  }
  if ('const' in schema && value !== schema.const)
    errors.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => isType(value, t))) {
      errors.push(`${path}: ${JSON.stringify(value)?.slice(0, 60)} is not of type ${types.join('|')}`);
      return errors;
    }
  }
  if (typeof value === 'string' && typeof schema.pattern === 'string' && !regex(schema.pattern).test(value))
    errors.push(`${path}: "${value.slice(0, 60)}" does not match ${schema.pattern.slice(0, 60)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      errors.push(`${path}: ${value} < ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      errors.push(`${path}: ${value} > ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      errors.push(`${path}: ${value} <= ${schema.exclusiveMinimum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      errors.push(`${path}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      errors.push(`${path}: more than ${schema.maxItems} items`);
    const prefix = (schema.prefixItems as Schema[] | undefined) ?? [];
    value.forEach((item, i) => {
      const s = prefix[i] ?? (schema.items as Schema | undefined);
      if (s) errors.push(...validate(item, s, root, `${path}[${i}]`));
    });
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (!(name in obj)) errors.push(`${path}: missing required ${name}`);
    for (const [name, v] of Object.entries(obj)) {
      if (props[name]) errors.push(...validate(v, props[name], root, `${path}.${name}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: undocumented property ${name}`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        errors.push(...validate(v, schema.additionalProperties as Schema, root, `${path}.${name}`));
    }
  }
  return errors;
}

function regex(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function isType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

function resolve(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are followed: ${ref}`);
  let at: unknown = root;
  for (const part of ref.slice(2).split('/'))
    at = (at as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!at || typeof at !== 'object') throw new Error(`Unresolved $ref ${ref}`);
  return at as Schema;
}
