/** The repeated needs the memory benches (heap.ts, rss.ts) ask by meaning, besides their never-seen ones. */
export const MEMORY_BENCH_NEEDS = [
  "will it rain tomorrow",
  "price of bitcoin",
  "translate to german",
  "ocr a receipt",
  "stock quote apple",
] as const;
