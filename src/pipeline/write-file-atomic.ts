import { renameSync, writeFileSync } from 'node:fs';

/** Writes a whole file through a temporary sibling and a rename, so readers never see half of it. */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
