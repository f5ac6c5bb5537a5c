/** A versioned prompt template. The version enters cache keys and `run.json`: change it whenever the text changes. */
export interface PromptTemplate {
  /** e.g. `zero-shot-v1`. */
  readonly version: string;
  /** Optional system message. */
  readonly system?: string;
  /** The instructions placed before the problem in the user message. */
  readonly preamble: string;
  /** Heading before the answer-format instructions. */
  readonly formatHeading: string;
}
