/**
 * The seccomp filter bubblewrap loads (`--seccomp FD`) for the sandboxed code: `socket` and
 * `socketpair` fail with EACCES, so the code creates no socket at all, not even one confined to
 * its empty network namespace or its tmpfs; so do `memfd_create` and `memfd_secret`, whose memory
 * neither the address-space limit (until mapped) nor the tmpfs size would count. Any other
 * architecture's system calls (the 32-bit and x32 entry points on x86-64) kill the process, so the
 * filter cannot be stepped around. Everything else is allowed: the namespaces and limits are the
 * boundary, this only narrows it.
 */

/** Per architecture (Node's `process.arch`): its audit value and the numbers of the two calls. */
const ARCHES: Readonly<
  Record<string, { readonly audit: number; readonly denied: readonly number[]; readonly x32?: boolean }>
> = {
  // socket, socketpair, memfd_create, memfd_secret
  x64: { audit: 0xc000003e, denied: [41, 53, 319, 447], x32: true },
  arm64: { audit: 0xc00000b7, denied: [198, 199, 279, 447] },
};

const LD_ABS_W = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const RET_EACCES = 0x00050000 | 13;

/** The filter as the kernel's `struct sock_filter` array, or undefined for an architecture we do not know. */
export function socketFilter(arch: string = process.arch): Buffer | undefined {
  const a = ARCHES[arch];
  if (a === undefined) return undefined;
  // [code, jt, jf, k]; jumps count instructions after the next one.
  const program: [number, number, number, number][] = [
    [LD_ABS_W, 0, 0, 4], // arch
    [JEQ_K, 1, 0, a.audit],
    [RET_K, 0, 0, RET_KILL_PROCESS],
    [LD_ABS_W, 0, 0, 0], // syscall number
    ...(a.x32 === true
      ? ([[JGE_K, a.denied.length + 1, 0, 0x40000000]] as [number, number, number, number][])
      : []),
    ...a.denied.map((nr, i): [number, number, number, number] => [JEQ_K, a.denied.length - i, 0, nr]),
    [RET_K, 0, 0, RET_ALLOW],
    [RET_K, 0, 0, RET_EACCES],
  ];
  const out = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    out.writeUInt16LE(code, i * 8);
    out.writeUInt8(jt, i * 8 + 2);
    out.writeUInt8(jf, i * 8 + 3);
    out.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return out;
}
