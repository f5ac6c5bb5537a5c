import type { ProjectConfig } from '../pipeline/project-config.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { bindJudgeRole } from './bind-judge-role.js';
import { chooseProjectConfig } from './commands/run.js';
import type { CliIo } from './io.js';
import type { ModelCallFlags, ModelCommandDeps } from './model-call-flags.js';

/**
 * The model a judging command (`prism judge`, `prism errors`, `prism difficulty`) asks: the config file (or the
 * one-model flags) is chosen as for `prism run`, then `--judge` names a role (judge, meta_verifier,
 * reviewer, solver) or a provider. Provider warnings about the chosen model go to stderr, prefixed
 * with the command. Returns the exit code 2 when the config file is invalid (already reported).
 */
export function resolveJudgeBinding(
  command: string,
  flags: ModelCallFlags,
  /** `--judge ROLE`: a config role or provider name (default `judge`). */
  role: string | undefined,
  deps: ModelCommandDeps,
  io: CliIo,
): { project: ProjectConfig; binding: ModelBinding } | number {
  const chosen = chooseProjectConfig(flags, deps.env, io);
  if (typeof chosen === 'number') return chosen;
  const { project } = chosen;
  return { project, binding: bindJudgeRole(project, role ?? 'judge', deps, io, command) };
}
