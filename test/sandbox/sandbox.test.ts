import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { runPythonSandboxed, type SandboxResult, sandboxSupport } from '../../src/sandbox/index.js';

const skip = sandboxSupport().python === undefined ? 'python3 is not installed' : false;
const LIMITS = { wallMs: 6000, cpuSeconds: 1 };

/** The run's process group is gone: nothing it started outlives it. */
function assertNothingLeft(r: SandboxResult): void {
  assert.ok(r.pid !== undefined);
  assert.throws(() => process.kill(-r.pid!, 0), /ESRCH/);
}

const run = (source: string, calls = [{ x: 1 }]) => runPythonSandboxed(source, 'f', calls, LIMITS);

test('well-behaved code runs once per call, its errors recorded per call', { skip }, async () => {
  const before = readdirSync(tmpdir()).filter((f) => f.startsWith('prism-sandbox-')).length;
  const r = await run('def f(x):\n    return {"y": 1 / (x - 2), "z": [x, "m"]}\n', [
    { x: 1 },
    { x: 2 },
    { x: 3 },
  ]);
  assert.equal(r.failure, undefined);
  assert.deepEqual(r.calls[0], { ok: true, value: { y: -1, z: 1 } });
  assert.equal(r.calls[1]!.ok, false);
  assert.match((r.calls[1] as { error: string }).error, /ZeroDivisionError/);
  assert.deepEqual(r.calls[2], { ok: true, value: { y: 1, z: 3 } });
  assert.equal(readdirSync(tmpdir()).filter((f) => f.startsWith('prism-sandbox-')).length, before);
  assertNothingLeft(r);
});

test('an infinite loop is stopped by the CPU limit, every call recorded as failed', { skip }, async () => {
  const r = await run('def f(x):\n    while True:\n        pass\n', [{ x: 1 }, { x: 2 }]);
  assert.ok(r.wallMs < LIMITS.wallMs + 2000);
  assert.equal(r.calls.length, 2);
  for (const c of r.calls) assert.match((c as { error: string }).error, /cpu-limit|timeout/);
  assertNothingLeft(r);
});

test('a fork bomb is refused; no process survives', { skip }, async () => {
  const r = await run('import os\ndef f(x):\n    while True:\n        os.fork()\n');
  assert.match((r.calls[0] as { error: string }).error, /os\.fork is not allowed/);
  const s = await run('import subprocess\ndef f(x):\n    subprocess.Popen(["sleep", "100"])\n');
  assert.match((s.calls[0] as { error: string }).error, /subprocess\.Popen is not allowed/);
  assertNothingLeft(r);
  assertNothingLeft(s);
});

test('a 10 GB allocation fails with MemoryError under the address-space limit', { skip }, async () => {
  const r = await run('def f(x):\n    b = bytearray(10 * 1024 ** 3)\n    return len(b)\n');
  assert.match((r.calls[0] as { error: string }).error, /MemoryError/);
  assertNothingLeft(r);
});

test('a network call is refused', { skip }, async () => {
  const r = await run('import socket\ndef f(x):\n    socket.create_connection(("1.1.1.1", 80), timeout=2)\n');
  assert.match((r.calls[0] as { error: string }).error, /network access is not allowed/);
  const raw = await run(
    'import socket\ndef f(x):\n    s = socket.socket()\n    s.connect(("127.0.0.1", 9))\n',
  );
  assert.match((raw.calls[0] as { error: string }).error, /network access is not allowed/);
});

test('a write outside its directory is refused and leaves no file; inside it is allowed', {
  skip,
}, async () => {
  const target = `${tmpdir()}/prism-escape-${process.pid}`;
  const r = await run(`def f(x):\n    open(${JSON.stringify(target)}, "w").write("escaped")\n`);
  assert.match((r.calls[0] as { error: string }).error, /writing outside the working directory/);
  assert.equal(existsSync(target), false);
  const up = await run('def f(x):\n    open("../escape.txt", "w").write("x")\n');
  assert.match((up.calls[0] as { error: string }).error, /writing outside/);
  const inside = await run(
    'def f(x):\n    open("scratch.txt", "w").write("ok")\n    return open("scratch.txt").read() == "ok"\n',
  );
  assert.deepEqual(inside.calls[0], { ok: true, value: { ans_1: 1 } });
});

test('huge output is capped: printed text inside Python, raw writes to fd 1 by a kill', {
  skip,
}, async () => {
  const printed = await run('def f(x):\n    print("x" * 10 ** 7)\n');
  assert.match((printed.calls[0] as { error: string }).error, /output limit/);
  const raw = await run('import os\ndef f(x):\n    while True:\n        os.write(1, b"x" * 65536)\n');
  assert.equal(raw.failure?.code, 'sandbox-output-limit');
  assertNothingLeft(raw);
});

test('code that does not load is one recorded error for every call', { skip }, async () => {
  const r = await run('def f(x) return 1\n', [{ x: 1 }, { x: 2 }]);
  assert.equal(r.failure?.code, 'sandbox-load-error');
  assert.equal(r.calls.length, 2);
  const missing = await run('def g(x):\n    return 1\n');
  assert.match(missing.failure?.message ?? '', /no function f/);
});
