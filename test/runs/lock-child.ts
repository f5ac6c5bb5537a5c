// Child of lock-race.test.ts: waits until the given start time, takes the run directory's lock,
// prints whether it got it, and holds it until its standard input closes.
import { lockRunDir } from '../../src/runs/run-lock.js';

const [dir, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // spin until every child is ready, so that they race
}
const { lock } = lockRunDir(dir!);
process.stdout.write(lock === undefined ? 'refused' : 'taken');
process.stdin.resume();
process.stdin.on('end', () => {
  lock?.release();
  process.exit(0);
});
