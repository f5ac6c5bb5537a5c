/**
 * A base URL without the `user:password@` it may carry, and the Basic authorization those
 * credentials stand for. Credentials never reach a run directory, a cache key, an error message or
 * a log: only the clean URL is kept, and `fetch` (which refuses URLs with credentials) gets a header.
 */
export function splitUrlCredentials(url: string): { url: string; authorization?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  if (parsed.username === '' && parsed.password === '') return { url };
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  // Keep the caller's spelling (no trailing slash added by URL) apart from the credentials.
  const clean = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1');
  return {
    url: clean,
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  };
}

/** `url` with any credentials replaced by `***`, for messages about a URL we did not clean. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1***@');
}
