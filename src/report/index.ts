/** Summaries of score records: overall, by difficulty, by domain; Markdown and JSON. */
export { renderSummaryJson, renderSummaryMarkdown } from './render-summary.js';
export type { Summary, SummaryRow } from './summarize.js';
export { summarize } from './summarize.js';
