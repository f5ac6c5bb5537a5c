import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Why an image named by a dataset was not sent. */
export type ImageRefusal = 'missing' | 'outside-dataset' | 'not-an-image' | 'too-large';

/** Options of {@link createImageLoader}. */
export interface ImageLoaderOptions {
  /** Largest image sent, in bytes. Default 20 MiB. */
  readonly maxBytes?: number;
  /** Told about every image that is not sent, with the reason (the run prints it). */
  readonly onRefuse?: (location: string, reason: ImageRefusal) => void;
}

/** The image type from the file's first bytes (its magic number), whatever its name says. */
export function sniffImageType(head: Uint8Array): string | undefined {
  const at = (i: number): number => head[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return 'image/gif';
  const riff = at(0) === 0x52 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x46;
  if (riff && at(8) === 0x57 && at(9) === 0x45 && at(10) === 0x42 && at(11) === 0x50) return 'image/webp';
  return undefined;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * A `loadImage` for {@link renderPrompt}: reads an image named by a dataset and returns it as a
 * base64 data URL. A dataset is untrusted (a cloned one could name `~/.ssh/id_rsa`), so an image is
 * sent only when its location — after resolving `..` and symbolic links — lies inside `root` (the
 * dataset's folder), its bytes are a PNG, JPEG, GIF or WebP image, and it is at most `maxBytes`;
 * otherwise nothing is sent and `onRefuse` is told why.
 */
export function createImageLoader(
  root: string,
  options: ImageLoaderOptions = {},
): (location: string) => string | undefined {
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  const refuse = (location: string, reason: ImageRefusal): undefined => {
    options.onRefuse?.(location, reason);
    return undefined;
  };
  let realRoot: string | undefined;
  return (location) => {
    try {
      realRoot ??= realpathSync(root);
    } catch {
      return refuse(location, 'missing');
    }
    if (isAbsolute(location)) return refuse(location, 'outside-dataset');
    let real: string;
    try {
      real = realpathSync(resolve(realRoot, location));
    } catch {
      return refuse(location, 'missing');
    }
    if (!inside(realRoot, real)) return refuse(location, 'outside-dataset');
    const stat = statSync(real);
    if (!stat.isFile()) return refuse(location, 'not-an-image');
    if (stat.size > maxBytes) return refuse(location, 'too-large');
    const fd = openSync(real, 'r');
    try {
      const bytes = Buffer.alloc(stat.size);
      readSync(fd, bytes, 0, stat.size, 0);
      const mime = sniffImageType(bytes.subarray(0, 16));
      if (mime === undefined) return refuse(location, 'not-an-image');
      return `data:${mime};base64,${bytes.toString('base64')}`;
    } finally {
      closeSync(fd);
    }
  };
}
