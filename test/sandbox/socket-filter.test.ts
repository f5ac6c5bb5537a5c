import assert from 'node:assert/strict';
import { test } from 'node:test';
import { socketFilter } from '../../src/sandbox/socket-filter.js';

/** Runs the classic-BPF program the way the kernel does on `struct seccomp_data` (nr, arch). */
function verdict(filter: Buffer, arch: number, nr: number): number {
  let acc = 0;
  for (let pc = 0; pc < filter.length / 8; pc++) {
    const code = filter.readUInt16LE(pc * 8);
    const jt = filter.readUInt8(pc * 8 + 2);
    const jf = filter.readUInt8(pc * 8 + 3);
    const k = filter.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) acc = k === 4 ? arch : k === 0 ? nr : Number.NaN;
    else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >= k ? jt : jf;
    else if (code === 0x06) return k;
    else throw new Error(`unexpected instruction ${code}`);
  }
  throw new Error('the program fell off its end');
}

const ALLOW = 0x7fff0000;
const EACCES = 0x00050000 | 13;
const KILL = 0x80000000;

test('x86-64: socket, socketpair, memfd_create, memfd_secret fail with EACCES, other calls pass, x32 and i386 entry points do not', () => {
  const f = socketFilter('x64')!;
  const X64 = 0xc000003e;
  assert.equal(verdict(f, X64, 41), EACCES);
  assert.equal(verdict(f, X64, 53), EACCES);
  assert.equal(verdict(f, X64, 319), EACCES);
  assert.equal(verdict(f, X64, 447), EACCES);
  for (const nr of [0, 1, 42, 52, 54, 57, 59, 272, 318, 320, 446, 448])
    assert.equal(verdict(f, X64, nr), ALLOW, `nr ${nr}`);
  assert.equal(verdict(f, X64, 0x40000000 + 41), EACCES);
  assert.equal(verdict(f, 0x40000003, 102), KILL); // i386 socketcall
});

test('arm64 has its own numbers: 198, 199, 279, 447 refused, x86-64 socket number 41 is another call there', () => {
  const f = socketFilter('arm64')!;
  const A64 = 0xc00000b7;
  assert.equal(verdict(f, A64, 198), EACCES);
  assert.equal(verdict(f, A64, 199), EACCES);
  assert.equal(verdict(f, A64, 279), EACCES);
  assert.equal(verdict(f, A64, 447), EACCES);
  for (const nr of [41, 53, 197, 200, 319]) assert.equal(verdict(f, A64, nr), ALLOW, `nr ${nr}`);
  assert.equal(verdict(f, 0x40000028, 281), KILL); // AArch32 compat
});

test('an architecture the filter does not know gets no filter (the sandbox then refuses to run)', () => {
  assert.equal(socketFilter('riscv64'), undefined);
  assert.equal(socketFilter('ia32'), undefined);
});
