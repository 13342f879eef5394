// Stands in for embed-worker.mjs in tests of the embedder's queueing: same messages, no model. Each call takes
// 30 ms; a vector is a function of its text alone; a call holding a text with "reject me" fails whole.
import { parentPort } from "node:worker_threads";

parentPort.postMessage({ ready: true });
parentPort.on("message", ({ id, texts }) => {
  setTimeout(() => {
    if (texts.some((t) => t.includes("reject me")))
      return parentPort.postMessage({ id, error: "the model rejected a text" });
    const vectors = texts.map((t) => {
      const v = new Float32Array(4).fill(1);
      for (let i = 0; i < t.length; i++) v[i % 4] += t.charCodeAt(i);
      return v;
    });
    parentPort.postMessage(
      { id, vectors },
      vectors.map((v) => v.buffer),
    );
  }, 30);
});
