import type { ProjectConfig } from '../pipeline/project-config.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { bindJudgeRole } from './bind-judge-role.js';
import { chooseProjectConfig } from './commands/run.js';
import type { CliIo } from './io.js';

/** The model flags a judging command takes (`--config`, or `--model` with `--base-url`/`--provider`). */
export interface JudgeModelFlags {
  readonly config: string | undefined;
  readonly model: string | undefined;
  readonly baseUrl: string | undefined;
  readonly provider: string | undefined;
  readonly concurrency: number;
  /** `--judge ROLE`: a config role or provider name (default `judge`). */
  readonly role: string | undefined;
}

/**
 * The model a judging command (`prism judge`, `prism errors`) asks: the config file (or the
 * one-model flags) is chosen as for `prism run`, then `--judge` names a role (judge, meta_verifier,
 * reviewer, solver) or a provider. Provider warnings about the chosen model go to stderr, prefixed
 * with the command. Returns the exit code 2 when the config file is invalid (already reported).
 */
export function resolveJudgeBinding(
  command: string,
  flags: JudgeModelFlags,
  deps: {
    readonly env: Readonly<Record<string, string | undefined>>;
    readonly transport?: { readonly backoff?: { baseMs?: number; maxMs?: number } };
  },
  io: CliIo,
): { project: ProjectConfig; binding: ModelBinding } | number {
  const chosen = chooseProjectConfig(
    {
      config: flags.config,
      model: flags.model,
      baseUrl: flags.baseUrl,
      provider: flags.provider,
      concurrency: flags.concurrency,
    },
    deps.env,
    io,
  );
  if (typeof chosen === 'number') return chosen;
  const { project } = chosen;
  return { project, binding: bindJudgeRole(project, flags.role ?? 'judge', deps, io, command) };
}
