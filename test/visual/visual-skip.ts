import { missingFonts } from '../../src/visual/run-visual-task.js';
import { DEFAULT_VARIANTS } from '../../src/visual/visual-variant.js';

/** Why the rendering tests cannot run here (fonts from Debian packages missing), or false. */
export function visualSkip(): string | false {
  const missing = missingFonts(DEFAULT_VARIANTS);
  return missing.length === 0 ? false : `rendering fonts missing: ${missing.join('; ')}`;
}
