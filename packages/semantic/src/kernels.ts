/**
 * The vector index's hot loops as a small WebAssembly module, written out here byte by byte (no toolchain):
 * Hamming distances with the CPU's popcount (`i64.popcnt`) and float dot products four lanes at a time (wasm
 * SIMD, on in Node 20). V8's scalar JavaScript manages about one multiply-add per nanosecond on these loops;
 * these run them several times faster. All three read and write one `WebAssembly.Memory` the index owns, at
 * byte offsets it passes. Every function takes six i32 arguments; pick and keep return a count, the others nothing:
 *   half(codes, qcode, n, dist, hist, _)       for slots 0..n-1: dist[s] = popcount of the first 256 bits of
 *                                              code s xor the query's (u16), hist[dist[s]]++ (u32)
 *   full(codes, qcode, slots, count, dist, hist) for each listed slot: dist[s] += popcount of bits 256..511
 *                                              xor the query's, hist[dist[s]]++
 *   dots(q, data, slots, count, dims, out)     out[i] = dot(q, row slots[i]) (f32; dims a multiple of 4;
 *                                              four rows at a time, each summed as alone)
 *   pick(dist, n, limit, slots, _, _)          slots = the s in 0..n-1 with dist[s] <= limit; returns how many
 *   keep(dist, count, limit, slots, _, _)      keeps, in order, the first `count` slots with dist <= limit;
 *                                              returns how many
 * Codes are 64 bytes (512 bits) per slot, rows dims x 4 bytes per slot.
 */

const I32 = 0x7f;
const I64 = 0x7e;
const V128 = 0x7b;

// Opcodes.
const BLOCK = 0x02;
const LOOP = 0x03;
const BR = 0x0c;
const BR_IF = 0x0d;
const END = 0x0b;
const VOID = 0x40;
const GET = 0x20;
const SET = 0x21;
const TEE = 0x22;
const I32_LOAD = 0x28;
const I64_LOAD = 0x29;
const I32_LOAD16_U = 0x2f;
const I32_STORE = 0x36;
const F32_STORE = 0x38;
const I32_STORE16 = 0x3b;
const I32_CONST = 0x41;
const I32_GE_U = 0x4f;
const I32_LT_U = 0x49;
const I32_LE_U = 0x4d;
const IF = 0x04;
const I32_ADD = 0x6a;
const I32_MUL = 0x6c;
const I32_SHL = 0x74;
const I64_POPCNT = 0x7b;
const I64_ADD = 0x7c;
const I64_XOR = 0x85;
const I32_WRAP_I64 = 0xa7;
const F32_ADD = 0x92;
const SIMD = 0xfd;

function leb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>>= 7;
    if (n === 0) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}
/** Signed LEB128, for i32.const (small non-negative values only here). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}
const name = (s: string) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
const mem = (op: number, align: number, offset = 0) => [op, align, ...leb(offset)];
const get = (i: number) => [GET, i];
const set = (i: number) => [SET, i];
const konst = (n: number) => [I32_CONST, ...sleb(n)];
/** Locals after the six parameters: runs of (count, type). */
const body = (locals: [number, number][], code: number[]) => {
  const b = [...vec(locals.map(([n, t]) => [...leb(n), t])), ...code, END];
  return [...leb(b.length), ...b];
};

/** popcount(i64 at addr+offset xor local q) as i64 on the stack. */
const popAt = (addr: number, offset: number, q: number) => [
  ...get(addr),
  ...mem(I64_LOAD, 3, offset),
  ...get(q),
  I64_XOR,
  I64_POPCNT,
];
/** hist[h]++ with the address in local `tmp`. */
const bump = (hist: number, h: number, tmp: number) => [
  ...get(hist),
  ...get(h),
  ...konst(2),
  I32_SHL,
  I32_ADD,
  TEE,
  tmp,
  ...get(tmp),
  ...mem(I32_LOAD, 2),
  ...konst(1),
  I32_ADD,
  ...mem(I32_STORE, 2),
];

// half(codes 0, qcode 1, n 2, dist 3, hist 4, tmp 5); locals: s 6, off 7, h 8, q0..q3 9..12 (i64).
const half = body(
  [
    [3, I32],
    [4, I64],
  ],
  [
    ...[0, 1, 2, 3].flatMap((w) => [...get(1), ...mem(I64_LOAD, 3, w * 8), ...set(9 + w)]),
    ...get(0),
    ...set(7),
    BLOCK,
    VOID,
    LOOP,
    VOID,
    ...get(6),
    ...get(2),
    I32_GE_U,
    BR_IF,
    1,
    ...popAt(7, 0, 9),
    ...popAt(7, 8, 10),
    I64_ADD,
    ...popAt(7, 16, 11),
    I64_ADD,
    ...popAt(7, 24, 12),
    I64_ADD,
    I32_WRAP_I64,
    ...set(8),
    ...get(3),
    ...get(6),
    ...konst(1),
    I32_SHL,
    I32_ADD,
    ...get(8),
    ...mem(I32_STORE16, 1),
    ...bump(4, 8, 5),
    ...get(7),
    ...konst(64),
    I32_ADD,
    ...set(7),
    ...get(6),
    ...konst(1),
    I32_ADD,
    ...set(6),
    BR,
    0,
    END,
    END,
  ],
);

// full(codes 0, qcode 1, slots 2, count 3, dist 4, hist 5); locals: i 6, off 7, h 8, at 9, tmp 10, q4..q7 11..14.
const full = body(
  [
    [5, I32],
    [4, I64],
  ],
  [
    ...[0, 1, 2, 3].flatMap((w) => [...get(1), ...mem(I64_LOAD, 3, 32 + w * 8), ...set(11 + w)]),
    BLOCK,
    VOID,
    LOOP,
    VOID,
    ...get(6),
    ...get(3),
    I32_GE_U,
    BR_IF,
    1,
    // s = slots[i]; off = codes + s*64; at = dist + s*2
    ...get(2),
    ...get(6),
    ...konst(2),
    I32_SHL,
    I32_ADD,
    ...mem(I32_LOAD, 2),
    TEE,
    10,
    ...konst(6),
    I32_SHL,
    ...get(0),
    I32_ADD,
    ...set(7),
    ...get(4),
    ...get(10),
    ...konst(1),
    I32_SHL,
    I32_ADD,
    ...set(9),
    ...popAt(7, 32, 11),
    ...popAt(7, 40, 12),
    I64_ADD,
    ...popAt(7, 48, 13),
    I64_ADD,
    ...popAt(7, 56, 14),
    I64_ADD,
    I32_WRAP_I64,
    ...get(9),
    ...mem(I32_LOAD16_U, 1),
    I32_ADD,
    ...set(8),
    ...get(9),
    ...get(8),
    ...mem(I32_STORE16, 1),
    ...bump(5, 8, 10),
    ...get(6),
    ...konst(1),
    I32_ADD,
    ...set(6),
    BR,
    0,
    END,
    END,
  ],
);

/**
 * A loop over i in 0..count-1 that appends slot s (the stored i32 at slots + 4i when `listed`, else i itself)
 * to `slots` (from 0) if dist[s] <= limit; returns how many it kept. Params: dist 0, count 1, limit 2, slots 3.
 * Locals: i 6, kept 7, s 8.
 */
const select = (listed: boolean) =>
  body(
    [[3, I32]],
    [
      BLOCK,
      VOID,
      LOOP,
      VOID,
      ...get(6),
      ...get(1),
      I32_GE_U,
      BR_IF,
      1,
      ...(listed ? [...get(3), ...get(6), ...konst(2), I32_SHL, I32_ADD, ...mem(I32_LOAD, 2)] : get(6)),
      TEE,
      8,
      ...konst(1),
      I32_SHL,
      ...get(0),
      I32_ADD,
      ...mem(I32_LOAD16_U, 1),
      ...get(2),
      I32_LE_U,
      IF,
      VOID,
      ...get(3),
      ...get(7),
      ...konst(2),
      I32_SHL,
      I32_ADD,
      ...get(8),
      ...mem(I32_STORE, 2),
      ...get(7),
      ...konst(1),
      I32_ADD,
      ...set(7),
      END,
      ...get(6),
      ...konst(1),
      I32_ADD,
      ...set(6),
      BR,
      0,
      END,
      END,
      ...get(7),
    ],
  );

const lane = (acc: number, l: number) => [...get(acc), SIMD, 0x1f, l];
// dots(q 0, data 1, slots 2, count 3, dims 4, out 5); locals: c 6, i 7, limit 8, then WIDE row addresses (i32)
// and WIDE accumulators (v128). Rows go WIDE at a time: the rows are far apart in memory, and one row at a time
// left the loop waiting on it; several streams at once keep the memory busy. Each row is summed in the same order
// as alone, so the numbers are the same. The rows left over go one at a time.
const WIDE = 4;
const C = 6;
const I = 7;
const LIMIT = 8;
const ROW = 9;
const ACC = ROW + WIDE;
/** rows[k] = data + slots[c + k] * dims * 4. */
const rowOf = (k: number) => [
  ...get(2),
  ...get(C),
  ...konst(2),
  I32_SHL,
  I32_ADD,
  ...mem(I32_LOAD, 2, k * 4),
  ...get(LIMIT),
  I32_MUL,
  ...get(1),
  I32_ADD,
  ...set(ROW + k),
];
const ZERO = [SIMD, 0x0c, ...new Array(16).fill(0)];
/** acc[k] += row[k][i..i+4] * q[i..i+4] (f32x4). */
const madd = (k: number) => [
  ...get(ACC + k),
  ...get(ROW + k),
  ...get(I),
  I32_ADD,
  SIMD,
  ...mem(0x00, 2),
  ...get(0),
  ...get(I),
  I32_ADD,
  SIMD,
  ...mem(0x00, 2),
  SIMD,
  0xe6,
  0x01, // f32x4.mul
  SIMD,
  0xe4,
  0x01, // f32x4.add
  ...set(ACC + k),
];
/** out[c + k] = ((l0 + l1) + l2) + l3 of acc[k]. */
const storeSum = (k: number) => [
  ...get(5),
  ...get(C),
  ...konst(2),
  I32_SHL,
  I32_ADD,
  ...lane(ACC + k, 0),
  ...lane(ACC + k, 1),
  F32_ADD,
  ...lane(ACC + k, 2),
  F32_ADD,
  ...lane(ACC + k, 3),
  F32_ADD,
  ...mem(F32_STORE, 2, k * 4),
];
/** While c + width <= count: `width` rows at once, then c += width. */
const rowsAtOnce = (width: number) => {
  const ks = Array.from({ length: width }, (_, k) => k);
  return [
    BLOCK,
    VOID,
    LOOP,
    VOID,
    ...get(C),
    ...konst(width - 1),
    I32_ADD,
    ...get(3),
    I32_GE_U,
    BR_IF,
    1,
    ...ks.flatMap(rowOf),
    ...ks.flatMap((k) => [...ZERO, ...set(ACC + k)]),
    ...konst(0),
    ...set(I),
    LOOP,
    VOID,
    ...ks.flatMap(madd),
    ...get(I),
    ...konst(16),
    I32_ADD,
    TEE,
    I,
    ...get(LIMIT),
    I32_LT_U,
    BR_IF,
    0,
    END,
    ...ks.flatMap(storeSum),
    ...get(C),
    ...konst(width),
    I32_ADD,
    ...set(C),
    BR,
    0,
    END,
    END,
  ];
};
const dots = body(
  [
    [3 + WIDE, I32],
    [WIDE, V128],
  ],
  [...get(4), ...konst(2), I32_SHL, ...set(LIMIT), ...rowsAtOnce(WIDE), ...rowsAtOnce(1)],
);

const BYTES = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00,
  ...section(
    1,
    vec([
      [0x60, ...vec([I32, I32, I32, I32, I32, I32].map((t) => [t])), 0x00],
      [0x60, ...vec([I32, I32, I32, I32, I32, I32].map((t) => [t])), 0x01, I32],
    ]),
  ),
  ...section(2, vec([[...name("m"), ...name("mem"), 0x02, 0x00, 0x01]])),
  ...section(3, vec([[0], [0], [0], [1], [1]])),
  ...section(
    7,
    vec([
      [...name("half"), 0x00, 0],
      [...name("full"), 0x00, 1],
      [...name("dots"), 0x00, 2],
      [...name("pick"), 0x00, 3],
      [...name("keep"), 0x00, 4],
    ]),
  ),
  ...section(10, vec([half, full, dots, select(false), select(true)])),
]);

/** The WebAssembly globals used here, typed by hand: Node has them, @types/node 20 does not declare them. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (d: { initial: number }) => WasmMemory;
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object, imports: object) => { exports: unknown };
    };
  }
).WebAssembly;

let compiled: object | undefined;

export interface Kernels {
  half(codes: number, qcode: number, n: number, dist: number, hist: number, unused: number): void;
  full(codes: number, qcode: number, slots: number, count: number, dist: number, hist: number): void;
  dots(q: number, data: number, slots: number, count: number, dims: number, out: number): void;
  pick(dist: number, n: number, limit: number, slots: number, unused: number, unused2: number): number;
  keep(dist: number, count: number, limit: number, slots: number, unused: number, unused2: number): number;
}

/** A memory of one 64 KiB page, for `kernels`. */
export function wasmMemory(): WasmMemory {
  return new wasm.Memory({ initial: 1 });
}

/** The kernels over `memory` (the module is compiled once per process, synchronously: it is a few hundred bytes). */
export function kernels(memory: WasmMemory): Kernels {
  compiled ??= new wasm.Module(BYTES);
  return new wasm.Instance(compiled, { m: { mem: memory } }).exports as Kernels;
}
