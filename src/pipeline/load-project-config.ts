import { readFileSync } from 'node:fs';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { ProjectConfig } from './project-config.js';
import { validateProjectConfig } from './validate-project-config.js';

/** The config file looked for in the working directory when no `--config` is given. */
export const DEFAULT_CONFIG_FILE = 'prism.config.json';

/** Reads and validates a `prism.config.json`; unreadable or invalid JSON is a diagnostic naming the file. */
export function loadProjectConfig(
  path: string,
): { ok: true; config: ProjectConfig } | { ok: false; diagnostics: Diagnostic[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const d = diagnostic('config-unreadable', 'error', `cannot read ${path}: ${(error as Error).message}`);
    return { ok: false, diagnostics: [d] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const d = diagnostic('config-invalid', 'error', `${path} is not valid JSON: ${(error as Error).message}`);
    return { ok: false, diagnostics: [d] };
  }
  const result = validateProjectConfig(json);
  if (result.ok) return result;
  return { ok: false, diagnostics: result.diagnostics.map((d) => ({ ...d, where: path })) };
}
