import { HttpError } from './errors.js';
import type { AppRequest } from './http-types.js';

/**
 * Deepest nesting of arrays and objects a request body may have. The contracts nest three levels
 * (`{items: [{…}]}`); a deeply nested body is a mistake or an attack: past the parser's stack it
 * would fail inside the server (a 500) instead of saying what is wrong (a 400).
 */
export const MAX_JSON_DEPTH = 64;

/** Reads and parses a request's JSON body; a 413 past the size limit, a 400 for bad or over-deep JSON. */
export async function readJson(request: AppRequest, maxBytes: number): Promise<unknown> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > maxBytes) throw tooLarge(maxBytes);
  const body = await request.body();
  if (body.length > maxBytes) throw tooLarge(maxBytes);
  const deep = tooDeepAt(body, MAX_JSON_DEPTH);
  if (deep !== undefined)
    throw new HttpError(
      400,
      'too-deep',
      `body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (byte ${deep})`,
    );
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new HttpError(400, 'bad-request', `body is not JSON: ${(error as Error).message}`);
  }
}

/**
 * The offset of the first `[` or `{` (outside strings) nested more than `limit` deep, scanning the
 * bytes once; undefined when there is none.
 */
export function tooDeepAt(body: Uint8Array, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}
/** The 413 for a body past `maxBytes`. */
export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'payload-too-large',
    `request body larger than ${maxBytes} bytes (--max-body-bytes)`,
  );
}
