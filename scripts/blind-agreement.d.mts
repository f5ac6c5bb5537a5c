// Types of scripts/blind-agreement.mjs (a plain Node ESM script) for the TypeScript test that runs it.

export type Source = 'bundled' | 'phybench' | 'scibench' | 'olympiadbench';
export declare const SOURCES: readonly Source[];
export declare const DEFAULT_ANSWERS: string;
export declare const DEFAULT_PEERS: string;

/** One hand-graded answer of test/blind/answers.jsonl. */
export interface BlindRow {
  readonly id: string;
  readonly source: Source;
  readonly problem_id: string;
  readonly style: string;
  readonly classes?: readonly number[];
  readonly response: string;
  readonly grade: 'right' | 'wrong';
  readonly reason: string;
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}
export type CliRunner = (argv: readonly string[]) => CliRun | Promise<CliRun>;

export interface MeasureOptions {
  run: CliRunner;
  rows?: readonly BlindRow[];
  answersPath?: string;
  peersDir?: string;
}

export interface SourceResult {
  readonly source: Source;
  readonly status: 'measured' | 'skipped';
  readonly note?: string;
  readonly right: { readonly total: number; readonly accepted: number };
  readonly wrong: { readonly total: number; readonly rejected: number };
}

export interface Disagreement {
  readonly id: string;
  readonly source: Source;
  readonly problem_id: string;
  readonly ours: 'accepted' | 'rejected' | 'unchecked';
  readonly hand: 'right' | 'wrong';
  readonly reason: string;
  /** The expected final answers we did not find met (hand right) or found met (hand wrong). */
  readonly expected: readonly string[];
}

export interface BlindResult {
  readonly answers: number;
  readonly sources: readonly SourceResult[];
  readonly overall: {
    readonly right: { readonly total: number; readonly accepted: number };
    readonly wrong: { readonly total: number; readonly rejected: number };
  };
  readonly disagreements: readonly Disagreement[];
}

export declare class BlindInputError extends Error {}
export declare function readBlindAnswers(path: string): BlindRow[];
export declare function runBuiltCli(argv: readonly string[]): CliRun;
export declare function measureBlind(options: MeasureOptions): Promise<BlindResult>;
export declare function formatBlindResult(result: BlindResult): string;
