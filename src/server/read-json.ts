import { HttpError } from './errors.js';
import type { AppRequest } from './http-types.js';

/** Reads and parses a request's JSON body; a 413 past the size limit, a 400 for bad JSON. */
export async function readJson(request: AppRequest, maxBytes: number): Promise<unknown> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > maxBytes) throw tooLarge(maxBytes);
  const body = await request.body();
  if (body.length > maxBytes) throw tooLarge(maxBytes);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new HttpError(400, 'bad-request', `body is not JSON: ${(error as Error).message}`);
  }
}

/** The 413 for a body past `maxBytes`. */
export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'payload-too-large',
    `request body larger than ${maxBytes} bytes (--max-body-bytes)`,
  );
}
