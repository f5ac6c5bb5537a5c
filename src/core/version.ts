/**
 * The package version, the one copy outside `package.json` (the core reads no files);
 * `test/core/version.test.ts` fails when the two disagree. Stamped into records, runs and `--version`.
 */
export const PACKAGE_VERSION = '0.1.0';
