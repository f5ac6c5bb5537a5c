/**
 * The same string, stored contiguously. V8 represents a concatenation as a rope (a tree of its
 * parts) until something reads it character by character, and a long substring as a slice that
 * keeps its whole parent alive; a cache key kept in a `Map` stays in that form, so a key built from
 * a formula's canonical text held every piece it was concatenated from (the pair cache retained
 * ~560 bytes an entry for a ~60-character key). Reading one character makes V8 flatten the rope
 * into one string; the parts are then free. Results never depend on this: it only changes how the
 * engine stores the characters.
 */
export function flatString(s: string): string {
  if (s.length > 0) s.charCodeAt(0);
  return s;
}
