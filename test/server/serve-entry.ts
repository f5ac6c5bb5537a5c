// Runs the CLI from the TypeScript sources (tests spawn `node --import tsx test/server/serve-entry.ts serve …`).
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
