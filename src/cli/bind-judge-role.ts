import type { ProjectConfig } from '../pipeline/project-config.js';
import { type ModelBinding, resolveRoles } from '../pipeline/resolve-roles.js';
import type { CliIo } from './io.js';
import { UsageError } from './io.js';
import type { ModelCommandDeps } from './model-call-flags.js';

/**
 * The model a role flag (`--judge ROLE`, `--role`, `--reviewer`) names: a config role (judge,
 * meta_verifier, reviewer, solver, verifier = the first verifier) or, failing that, a provider
 * name. Prints the provider's config warnings on stderr as `prism <command>: warning: …`; an
 * unknown name is a usage error naming `flag`.
 */
export function bindJudgeRole(
  project: ProjectConfig,
  wanted: string,
  deps: ModelCommandDeps,
  io: CliIo,
  command: string,
  flag = '--judge',
): ModelBinding {
  const { roles, warnings } = resolveRoles(project, deps);
  const byRole: Record<string, ModelBinding | undefined> = {
    judge: roles.judge,
    meta_verifier: roles.meta_verifier,
    reviewer: roles.reviewer,
    solver: roles.solver,
    verifier: roles.verifiers[0],
  };
  let binding = byRole[wanted];
  if (binding === undefined && project.providers[wanted] !== undefined)
    binding = resolveRoles({ ...project, roles: { solver: wanted } }, deps).roles.solver;
  if (binding === undefined)
    throw new UsageError(
      `${flag} ${wanted}: no such role or provider in the config (declare roles.${wanted === 'verifier' ? 'verifiers' : wanted})`,
    );
  for (const w of warnings)
    if (w.provider === binding.name)
      io.stderr(`prism ${command}: warning: provider ${w.provider}: ${w.message}\n`);
  return binding;
}
