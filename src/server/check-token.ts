import { timingSafeEqual } from 'node:crypto';

/**
 * True when the `authorization` header carries `token`: `Bearer <token>`, or HTTP Basic with the
 * token as password (`http://prism:<token>@host/get_reward`, for clients that cannot set headers,
 * such as OpenRLHF's reward client). Compared in constant time.
 */
export function checkToken(authorization: string | undefined, token: string): boolean {
  if (authorization === undefined) return false;
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  let given: string | undefined;
  if (scheme?.toLowerCase() === 'bearer') given = value;
  else if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    given = colon < 0 ? undefined : decoded.slice(colon + 1);
  }
  if (given === undefined) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(token, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
