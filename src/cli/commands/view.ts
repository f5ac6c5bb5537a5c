import { spawn } from 'node:child_process';
import { readAppBundle } from '../../viewer/app-bundle.js';
import { renderAppShell } from '../../viewer/render-html-report.js';
import { startViewerServer } from '../../viewer/viewer-server.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { loadViewerRuns } from './report-html.js';

const FLAGS = {
  port: { type: 'string', arg: 'P', help: 'port (default 7878; 0 picks a free one)' },
  open: { type: 'boolean', help: 'open the page in the default browser (xdg-open / open)' },
  dataset: {
    type: 'string',
    arg: 'PATH',
    help: "problems (default: the run's dataset, else the bundled benchmark)",
  },
  responses: {
    type: 'string',
    arg: 'PATH',
    help: 'answers for score outputs (default: the bundled sample answers)',
  },
  'no-evidence': {
    type: 'boolean',
    help: 'skip the equivalence evidence for missed nodes (faster on big runs)',
  },
} as const satisfies FlagTable;

const HELP = `Usage: prism view RUN_DIR|records.jsonl... [--port P] [--open] [--dataset PATH] [--responses PATH]

Serves the viewer (run overview, browse, problem/response with the DAG and equivalence evidence) on
http://127.0.0.1:P/ over one or more runs (run directories, prism score --out directories or
records.jsonl files); each response's detail is loaded on demand. Stops on Ctrl-C.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 stopped, 2 bad input.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseFlags(argv, FLAGS, true);
  const port = Number(parsed.values.port ?? '7878');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535`);
  const bundle = readAppBundle();
  if (bundle === undefined) throw new UsageError('the viewer app is not built; run `npm run build` first');
  const { data, details, names } = loadViewerRuns(parsed.positionals, parsed.values, io, 'view');
  const shell = renderAppShell({
    appJs: bundle.js,
    appCss: bundle.css,
    title: `PRISM view: ${names.join(', ')}`,
  });
  let server: Awaited<ReturnType<typeof startViewerServer>>;
  try {
    server = await startViewerServer({ data, details, shell, port });
  } catch (error) {
    throw new UsageError(`cannot listen on 127.0.0.1:${port}: ${(error as Error).message}`);
  }
  io.stderr(`prism view: serving ${names.join(', ')} at ${server.url} (Ctrl-C stops)\n`);
  if (parsed.values.open === true) {
    const opener =
      process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
    spawn(opener, [server.url], { stdio: 'ignore', detached: true })
      .on('error', () => {})
      .unref();
  }
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  await server.close();
  return 0;
}

/** `prism view`: a local web viewer over runs. */
export const viewCommand: Command = {
  name: 'view',
  summary: 'serve the browser viewer over runs on 127.0.0.1',
  help: HELP,
  flags: FLAGS,
  run,
};
