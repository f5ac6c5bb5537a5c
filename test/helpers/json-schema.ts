// The subset of JSON Schema 2020-12 our schemas use (type, const, enum, required, properties,
// additionalProperties, items, minItems, maxItems, minimum, maximum, oneOf, local $ref), so tests can
// check outputs against schema/*.json without a dependency. Returns the errors, with their paths.

type Schema = Record<string, unknown> | boolean;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export function validateJsonSchema(root: Record<string, unknown>, value: unknown): string[] {
  const errors: string[] = [];
  const resolve = (ref: string): Schema => {
    let node: unknown = root;
    for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[part];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node as Schema;
  };
  const check = (schema: Schema, v: unknown, path: string): void => {
    if (schema === true) return;
    if (schema === false) {
      errors.push(`${path}: not allowed`);
      return;
    }
    if (typeof schema.$ref === 'string') {
      check(resolve(schema.$ref), v, path);
      return;
    }
    if (Array.isArray(schema.oneOf)) {
      const passing = (schema.oneOf as Schema[]).filter((s) => validateWith(s, v)).length;
      if (passing !== 1) errors.push(`${path}: matches ${passing} of oneOf`);
    }
    if ('const' in schema && v !== schema.const)
      errors.push(`${path}: must be ${JSON.stringify(schema.const)}`);
    if (Array.isArray(schema.enum) && !schema.enum.includes(v)) errors.push(`${path}: not in enum`);
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
      const t = typeOf(v);
      if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) {
        errors.push(`${path}: is ${t}, not ${types.join('|')}`);
        return;
      }
    }
    if (typeof v === 'number') {
      if (typeof schema.minimum === 'number' && v < schema.minimum)
        errors.push(`${path}: below ${schema.minimum}`);
      if (typeof schema.maximum === 'number' && v > schema.maximum)
        errors.push(`${path}: above ${schema.maximum}`);
    }
    if (Array.isArray(v)) {
      if (typeof schema.minItems === 'number' && v.length < schema.minItems)
        errors.push(`${path}: too short`);
      if (typeof schema.maxItems === 'number' && v.length > schema.maxItems) errors.push(`${path}: too long`);
      if (schema.items !== undefined)
        for (const [i, x] of v.entries()) check(schema.items as Schema, x, `${path}[${i}]`);
    }
    if (typeOf(v) === 'object') {
      const o = v as Record<string, unknown>;
      for (const key of (schema.required as string[] | undefined) ?? [])
        if (!(key in o)) errors.push(`${path}: lacks ${key}`);
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      for (const [key, x] of Object.entries(o)) {
        if (key in props) check(props[key]!, x, `${path}.${key}`);
        else if (schema.additionalProperties !== undefined)
          check(schema.additionalProperties as Schema, x, `${path}.${key}`);
      }
    }
  };
  const validateWith = (schema: Schema, v: unknown): boolean => {
    const before = errors.length;
    check(schema, v, '');
    const ok = errors.length === before;
    errors.length = before;
    return ok;
  };
  check(root, value, '$');
  return errors;
}
