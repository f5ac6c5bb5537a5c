import type { FunctionName } from '../core/tree.js';
import { gamma } from './gamma.js';
import { nthRoot, oddRationalPower } from './real-power.js';

/**
 * A compiled formula as a register machine: a flat list of instructions over a `Float64Array` of
 * registers. One interpreter ({@link run}) serves every formula, so V8 optimizes it once and keeps
 * every intermediate double unboxed; closures per node (the earlier design) boxed each
 * intermediate result in a heap number (a quarter of a fresh answer's garbage). The instructions
 * perform exactly the operations the formula's tree gives, in the same order, so the results are
 * the same doubles.
 *
 * Each instruction is four int32s: opcode, destination register, operand a, operand b. Constants
 * live in registers that no instruction writes; the variables a formula reads are copied from the
 * caller's values into registers once per run, before the instructions (`loads`). Integrals and sums are external steps (`EXT`: a function of the values), each
 * owning sub-programs for its bounds and body.
 */
export interface Program {
  /** Pairs (register, slot): before the instructions, each register gets the value of its slot. */
  readonly loads: Int32Array;
  readonly code: Int32Array;
  readonly regs: Float64Array;
  /** External steps (integrals, sums): `EXT d i` sets register d to `ext[i](values)`. */
  readonly ext: readonly ((v: Float64Array) => number)[];
  /** Cells of enclosing integration and summation variables (`CELL d i` reads `cells[i][0]`). */
  readonly cells: readonly Float64Array[];
  /** The register holding the result after a run. */
  readonly result: number;
}

// Opcodes. `a`, `b` are registers unless noted. `exec` switches on their values written as literals
// (a switch on literals is a jump table; on these imported constants it was a chain of up to 44
// comparisons per instruction): keep the two in step.
export const CELL = 1; // r[d] = cells[a][0]
export const EXT = 2; // r[d] = ext[a](v)
export const NEG = 3;
export const ADD = 4;
export const SUB = 5;
export const MUL = 6;
export const DIV = 7;
export const SQUARE = 8; // u·u
export const CUBE = 9; // u·u·u
export const RECIPROCAL = 10; // 1/u
export const POW = 11; // r[a] ** r[b]
export const ODD_POWER = 12; // oddRationalPower(r[a], r[b], r[b + 1])
export const FACTORIAL = 13; // Γ(r[a] + 1)
export const LOG_BASE = 14; // ln r[a] / ln r[b]
export const NTH_ROOT = 15; // nthRoot(r[a], r[b])
export const MAX = 16;
export const MIN = 17;
// One-argument functions, in the order of UNARY_OPS below.
export const SIN = 18;
export const COS = 19;
export const TAN = 20;
export const COT = 21;
export const SEC = 22;
export const CSC = 23;
export const ASIN = 24;
export const ACOS = 25;
export const ATAN = 26;
export const ACOT = 27;
export const SINH = 28;
export const COSH = 29;
export const TANH = 30;
export const COTH = 31;
export const SECH = 32;
export const CSCH = 33;
export const ASINH = 34;
export const ACOSH = 35;
export const ATANH = 36;
export const EXP = 37;
export const LN = 38;
export const LG = 39;
export const SQRT = 40;
export const ABS = 41;
export const FLOOR = 42;
export const CEIL = 43;
export const SIGN = 44;

/**
 * The opcode of each one-argument built-in function. Each computes exactly what
 * `UNARY_FUNCTIONS[fn]` computes (tested bit for bit); `log` without a base is ln.
 */
export const UNARY_OPS: Readonly<Partial<Record<FunctionName, number>>> = {
  sin: SIN,
  cos: COS,
  tan: TAN,
  cot: COT,
  sec: SEC,
  csc: CSC,
  arcsin: ASIN,
  arccos: ACOS,
  arctan: ATAN,
  arccot: ACOT,
  sinh: SINH,
  cosh: COSH,
  tanh: TANH,
  coth: COTH,
  sech: SECH,
  csch: CSCH,
  arsinh: ASINH,
  arcosh: ACOSH,
  artanh: ATANH,
  exp: EXP,
  ln: LN,
  log: LN,
  lg: LG,
  sqrt: SQRT,
  abs: ABS,
  floor: FLOOR,
  ceil: CEIL,
  sign: SIGN,
};

/**
 * Runs a program on the values `v`; the result is left in `p.regs[p.result]` (read it there and no
 * heap number is allocated for it). Never throws; NaN and ±∞ propagate. A program is not re-entered
 * while it runs (an integral's body is a program of its own), so its registers are reused across
 * runs.
 */
export function exec(p: Program, v: Float64Array): void {
  const code = p.code;
  const r = p.regs;
  const loads = p.loads;
  for (let k = 0; k < loads.length; k += 2) r[loads[k]!] = v[loads[k + 1]!]!;
  const n = code.length;
  for (let pc = 0; pc < n; pc += 4) {
    const d = code[pc + 1]!;
    const a = code[pc + 2]!;
    switch (code[pc]!) {
      case 1: // CELL
        r[d] = p.cells[a]![0]!;
        break;
      case 2: // EXT
        r[d] = p.ext[a]!(v);
        break;
      case 3: // NEG
        r[d] = -r[a]!;
        break;
      case 4: // ADD
        r[d] = r[a]! + r[code[pc + 3]!]!;
        break;
      case 5: // SUB
        r[d] = r[a]! - r[code[pc + 3]!]!;
        break;
      case 6: // MUL
        r[d] = r[a]! * r[code[pc + 3]!]!;
        break;
      case 7: // DIV
        r[d] = r[a]! / r[code[pc + 3]!]!;
        break;
      case 8: {
        // SQUARE
        const u = r[a]!;
        r[d] = u * u;
        break;
      }
      case 9: {
        // CUBE
        const u = r[a]!;
        r[d] = u * u * u;
        break;
      }
      case 10: // RECIPROCAL
        r[d] = 1 / r[a]!;
        break;
      case 11: // POW
        r[d] = r[a]! ** r[code[pc + 3]!]!;
        break;
      case 12: {
        // ODD_POWER
        const b = code[pc + 3]!;
        r[d] = oddRationalPower(r[a]!, r[b]!, r[b + 1]!);
        break;
      }
      case 13: // FACTORIAL
        r[d] = gamma(r[a]! + 1);
        break;
      case 14: // LOG_BASE
        r[d] = Math.log(r[a]!) / Math.log(r[code[pc + 3]!]!);
        break;
      case 15: // NTH_ROOT
        r[d] = nthRoot(r[a]!, r[code[pc + 3]!]!);
        break;
      case 16: // MAX
        r[d] = Math.max(r[a]!, r[code[pc + 3]!]!);
        break;
      case 17: // MIN
        r[d] = Math.min(r[a]!, r[code[pc + 3]!]!);
        break;
      case 18: // SIN
        r[d] = Math.sin(r[a]!);
        break;
      case 19: // COS
        r[d] = Math.cos(r[a]!);
        break;
      case 20: // TAN
        r[d] = Math.tan(r[a]!);
        break;
      case 21: // COT
        r[d] = 1 / Math.tan(r[a]!);
        break;
      case 22: // SEC
        r[d] = 1 / Math.cos(r[a]!);
        break;
      case 23: // CSC
        r[d] = 1 / Math.sin(r[a]!);
        break;
      case 24: // ASIN
        r[d] = Math.asin(r[a]!);
        break;
      case 25: // ACOS
        r[d] = Math.acos(r[a]!);
        break;
      case 26: // ATAN
        r[d] = Math.atan(r[a]!);
        break;
      case 27: // ACOT
        r[d] = Math.PI / 2 - Math.atan(r[a]!);
        break;
      case 28: // SINH
        r[d] = Math.sinh(r[a]!);
        break;
      case 29: // COSH
        r[d] = Math.cosh(r[a]!);
        break;
      case 30: // TANH
        r[d] = Math.tanh(r[a]!);
        break;
      case 31: // COTH
        r[d] = 1 / Math.tanh(r[a]!);
        break;
      case 32: // SECH
        r[d] = 1 / Math.cosh(r[a]!);
        break;
      case 33: // CSCH
        r[d] = 1 / Math.sinh(r[a]!);
        break;
      case 34: // ASINH
        r[d] = Math.asinh(r[a]!);
        break;
      case 35: // ACOSH
        r[d] = Math.acosh(r[a]!);
        break;
      case 36: // ATANH
        r[d] = Math.atanh(r[a]!);
        break;
      case 37: // EXP
        r[d] = Math.exp(r[a]!);
        break;
      case 38: // LN
        r[d] = Math.log(r[a]!);
        break;
      case 39: // LG
        r[d] = Math.log10(r[a]!);
        break;
      case 40: // SQRT
        r[d] = Math.sqrt(r[a]!);
        break;
      case 41: // ABS
        r[d] = Math.abs(r[a]!);
        break;
      case 42: // FLOOR
        r[d] = Math.floor(r[a]!);
        break;
      case 43: // CEIL
        r[d] = Math.ceil(r[a]!);
        break;
      default: // SIGN
        r[d] = Math.sign(r[a]!);
    }
  }
}

/**
 * Runs one program with every opcode once, at load. V8 optimizes {@link exec} after a few hundred
 * runs, with type feedback only for the opcodes met so far; the first later run of another opcode
 * (a `\sin` after a process's first polynomials) deoptimized it, ~7 times in a new process, each
 * time recompiling. With feedback for every case it is optimized once. External steps are five
 * distinct functions, so the call site is megamorphic as it is for real integrals and sums. Pure:
 * the program's registers are its own.
 */
/** Runs of the warm-up program (~50 µs in all). */
const WARM_UP_RUNS = 200;

function warmUp(): void {
  const ops = SIGN - CELL + 1;
  const base = 4; // r0 loaded from slot 0, r1 = 0.25, r2 = 3, r3 = 5 (ODD_POWER's p/q)
  const code = new Int32Array(4 * (ops + 4));
  let pc = 0;
  const put = (op: number, d: number, a: number, b: number) => {
    code.set([op, d, a, b], pc);
    pc += 4;
  };
  for (let op = CELL; op <= SIGN; op++) {
    const d = base + op - CELL;
    if (op === CELL || op === EXT) put(op, d, 0, 0);
    else if (op === ODD_POWER) put(op, d, 0, 2);
    else put(op, d, 0, 1);
  }
  for (let k = 1; k < 5; k++) put(EXT, base + ops + k - 1, k, 0);
  const regs = new Float64Array(base + ops + 4);
  regs.set([0, 0.25, 3, 5]);
  const program: Program = {
    loads: Int32Array.of(0, 0),
    code,
    regs,
    ext: [(v) => v[0]! + 1, (v) => v[0]! + 2, (v) => v[0]! + 3, (v) => v[0]! + 4, (v) => v[0]! + 5],
    cells: [Float64Array.of(0.5)],
    result: base,
  };
  // (V8 allocates a function's feedback vector only after some runs: a few hundred suffice.)
  const values = new Float64Array(1);
  for (let k = 0; k < WARM_UP_RUNS; k++) {
    values[0] = (k % 7) - 2.5;
    exec(program, values);
  }
}

warmUp();

/** Runs a program on the values `v` and returns its result (see {@link exec}). */
export function run(p: Program, v: Float64Array): number {
  exec(p, v);
  return p.regs[p.result]!;
}

const NO_CODE = new Int32Array(0);

/** The program as a function of the values (a constant program as a constant function). */
export function programFunction(p: Program): (v: Float64Array) => number {
  if (p.code.length === 0 && p.loads.length === 0) {
    const value = p.regs[p.result]!;
    return () => value;
  }
  return (v) => run(p, v);
}

/** One compiled value: a register, or a constant known at compile time (no register yet). */
export interface Piece {
  readonly reg: number;
  readonly constant?: number;
}

/** A constant piece. */
export function constant(value: number): Piece {
  return { reg: -1, constant: value };
}

/** Builds one {@link Program}: registers, instructions, external steps and cells. */
export class ProgramBuilder {
  private readonly code: number[] = [];
  private readonly loads: number[] = [];
  private readonly init: number[] = [];
  private readonly ext: ((v: Float64Array) => number)[] = [];
  private readonly cells: Float64Array[] = [];
  /** Per slot, the register it was loaded into (−1: not yet). */
  private readonly loaded: number[] = [];
  /** Per entry of `cells`, the register it was read into. */
  private readonly cellRegs: number[] = [];

  /** A new register holding `value` before any instruction runs. */
  register(value = 0): number {
    this.init.push(value);
    return this.init.length - 1;
  }

  /** The register of a piece (a new constant register for a constant). */
  operand(p: Piece): number {
    return p.constant !== undefined ? this.register(p.constant) : p.reg;
  }

  /** Emits `op` on pieces into a new register. */
  emit(op: number, a: Piece, b?: Piece): Piece {
    const ra = this.operand(a);
    const rb = b === undefined ? 0 : this.operand(b);
    return this.raw(op, ra, rb);
  }

  /** Emits `op` with raw operands into a new register. */
  raw(op: number, a: number, b: number): Piece {
    const d = this.register();
    this.code.push(op, d, a, b);
    return { reg: d };
  }

  /** The value of slot `i` (loaded once per run: the values do not change during a run). */
  load(i: number): Piece {
    while (this.loaded.length <= i) this.loaded.push(-1);
    let d = this.loaded[i]!;
    if (d === -1) {
      this.loaded[i] = d = this.register();
      this.loads.push(d, i);
    }
    return { reg: d };
  }

  /** The value of a bound variable's cell (read once per run: no cell a program reads changes while it runs). */
  cell(c: Float64Array): Piece {
    let k = this.cells.indexOf(c);
    if (k === -1) {
      k = this.cells.push(c) - 1;
      this.cellRegs.push(this.raw(CELL, k, 0).reg);
    }
    return { reg: this.cellRegs[k]! };
  }

  /** An external step. */
  external(f: (v: Float64Array) => number): Piece {
    this.ext.push(f);
    return this.raw(EXT, this.ext.length - 1, 0);
  }

  /** The program computing `result` (a constant result is a program without instructions). */
  finish(result: Piece): Program {
    const value = result.constant;
    if (value !== undefined)
      return { loads: NO_CODE, code: NO_CODE, regs: Float64Array.of(value), ext: [], cells: [], result: 0 };
    return {
      // (Constructed from the lists, not `from`: the iterator protocol `from` follows cost a third
      // of compiling a fresh formula.)
      loads: new Int32Array(this.loads),
      code: new Int32Array(this.code),
      regs: new Float64Array(this.init),
      ext: this.ext,
      cells: this.cells,
      result: result.reg,
    };
  }
}
