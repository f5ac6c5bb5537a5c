import type { Command } from '../io.js';

/** Every `prism` sub-command, in the order `prism --help` lists them. */
export const commands: readonly Command[] = [];
