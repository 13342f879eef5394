// The sparse inputs of one call of the sentence-embedding model (USE-lite, @energetic-ai 0.2.0), shared by the
// model's worker (embed-worker.mjs) and its benchmark (bench/sync-graph.mjs). Plain JS, as the worker is.
import { tensor1d, tensor2d } from "@energetic-ai/core";

// The graph has two dynamic ops (`Where`), which make tfjs run it op by op through promises (`executeAsync`).
// Their values follow from the inputs alone, so they are fed here and the graph runs synchronously (`execute`):
// the same numbers (the package test compares them with the package's own embed()), ~10% less CPU for one text.
const P = "module_apply_default/Encoder_en/KonaTransformer/";
export const FED = {
  /** ClipToMaxLength: which of the sparse entries have a position under the model's maximum (all, once clipped here). */
  kept: `${P}ClipToMaxLength/Reshape`,
  /**
   * The mask of real tokens as (row, position) pairs, and its positions alone: the graph's own test is a token
   * id above the dense default (PAD below), so every token of a text is real, the unknown token (id 0) too.
   */
  mask: `${P}Encode/TransformerStack/Layer_1/TransformerLayer/FFN/StoreMask/ToInt32`,
  positions: `${P}Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2`,
};

/** The value the graph fills the dense token matrix with: tokens above it are real (its mask's `Greater`). */
const PAD = `${P}Encode/SparseToDense/default_value`;
const padOf = (m) => m.model.executor.weightMap?.[PAD]?.[0]?.dataSync()[0];

/** The model's maximum of tokens per text, when its graph is the one the fed values were written for. */
export function syncMaxTokens(m) {
  const nodes = m.model.executor?.graph?.nodes ?? {};
  if (!Object.values(FED).every((n) => nodes[n])) return null;
  if (typeof padOf(m) !== "number") return null;
  const max = m.model.executor.weightMap?.[`${P}ClipToMaxLength/Less/y`]?.[0];
  return max?.dtype === "int32" ? max.dataSync()[0] : null;
}

/**
 * The model's inputs for `texts`, built in typed arrays (not concatenated arrays of pairs, as the package
 * does). With `maxTokens`, each text is clipped to it and the dynamic ops' values are added (FED), so the
 * graph can run with `execute`; a text of no tokens has nothing to feed, and then none are added. The caller
 * disposes of every tensor returned.
 */
export function modelInputs(m, texts, maxTokens = null) {
  const encodings = texts.map((t) => {
    const e = m.tokenizer.encode(t);
    return maxTokens !== null && e.length > maxTokens ? e.slice(0, maxTokens) : e;
  });
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
  if (maxTokens !== null && encodings.every((e) => e.length > 0)) {
    const pad = padOf(m);
    let real = 0;
    for (let q = 0; q < total; q++) if (values[q] > pad) real++;
    const mask = new Int32Array(real * 2);
    const positions = new Int32Array(real);
    const kept = new Int32Array(total);
    for (let q = 0, r = 0; q < total; q++) {
      kept[q] = q;
      if (values[q] <= pad) continue;
      mask[2 * r] = indices[2 * q];
      mask[2 * r + 1] = positions[r] = indices[2 * q + 1];
      r++;
    }
    inputs[FED.kept] = tensor1d(kept, "int32");
    inputs[FED.mask] = tensor2d(mask, [real, 2], "int32");
    inputs[FED.positions] = tensor1d(positions, "int32");
  }
  return inputs;
}

// Nodes whose value depends on the token ids only through the text's shape: its length (and, were a token ever
// padding, where the real ones sit; the unknown token, id 0, is real). 98 of the graph's 252 non-constant nodes
// (shape arithmetic, the timing signal's sin and cos) are such nodes; for a call of one text their values are the
// same for every text of that shape, so the worker keeps them per shape and feeds them, and the graph runs only
// the ops that read the token ids (154 kernels instead of 249; measured ~10% less model CPU once warm, more in a
// fresh process's first calls: bench/sync-graph.mjs, README issue 15 fourth pass).
const SHAPE_OF = new Set(["Shape", "ShapeN", "Size", "Rank"]);

/**
 * The graph's shape-only frontier: nodes that depend on the inputs only through the shape of one text (its
 * token count, and the positions of its real tokens), read by a node that depends on the token ids. Feeding
 * them (with FED) leaves tfjs nothing upstream of them to run. Null when the graph is not the one FED was
 * written for.
 */
export function shapeFrontier(m) {
  if (syncMaxTokens(m) === null) return null;
  const graph = m.model.executor.graph;
  const fed = new Set(Object.values(FED));
  /** "ids": reads the token ids; "shape": only the text's shape; "const": neither. */
  const kinds = new Map();
  const kindOf = (name) => {
    const known = kinds.get(name);
    if (known) return known;
    const node = graph.nodes[name];
    let kind;
    if (node.op === "Const") kind = "const";
    // The mask pairs are fed per call; `values` are the token ids themselves.
    else if (name === FED.mask || name === "values") kind = "ids";
    // `indices`, `kept` and `positions` follow from the shape alone (one text).
    else if (node.op === "Placeholder" || fed.has(name)) kind = "shape";
    else if (SHAPE_OF.has(node.op)) kind = "shape";
    else {
      const ins = node.inputs.map((i) => kindOf(i.name));
      kind = ins.includes("ids") ? "ids" : ins.includes("shape") ? "shape" : "const";
    }
    kinds.set(name, kind);
    return kind;
  };
  for (const o of graph.outputs) kindOf(o.name);
  const frontier = new Set();
  // A value is fed by node name, which stands for its first output: a node read at another output is not fed
  // (tfjs then runs it and what it needs).
  const readPastFirst = new Set();
  for (const node of Object.values(graph.nodes))
    for (const n of node.inputNames ?? []) {
      const at = n.lastIndexOf(":");
      if (at > 0 && n.slice(at + 1) !== "0") readPastFirst.add(n.slice(0, at));
    }
  for (const [name, kind] of kinds) {
    if (kind !== "ids") continue;
    for (const i of graph.nodes[name].inputs)
      if (
        kinds.get(i.name) === "shape" &&
        !fed.has(i.name) &&
        i.op !== "Placeholder" &&
        !readPastFirst.has(i.name)
      )
        frontier.add(i.name);
  }
  return { output: graph.outputs[0].name, nodes: [...frontier] };
}

/** What the frontier's values depend on for `inputs` of one text (modelInputs with maxTokens): its shape. */
export function shapeKey(inputs) {
  const positions = inputs[FED.positions];
  const total = inputs.values.shape[0];
  // Every token real (the usual case): the length says it all; else where the real ones are.
  return positions.shape[0] === total ? String(total) : `${total}:${positions.dataSync().join(",")}`;
}

/**
 * Runs the graph for the inputs of one text (modelInputs with maxTokens) with its shape's frontier values fed:
 * the first text of a shape runs the whole graph and its frontier values are kept from that run (at most
 * `max` shapes kept; past that, the whole graph runs). `dispose` frees what is kept.
 */
export function shapeFedRunner(m, frontier, max = 1024) {
  const kept = new Map();
  return {
    execute(inputs) {
      const key = shapeKey(inputs);
      const known = kept.get(key);
      if (known) return m.model.execute({ ...inputs, ...known }, frontier.output);
      const [vector, ...values] = m.model.execute(inputs, [frontier.output, ...frontier.nodes]);
      if (kept.size < max) kept.set(key, Object.fromEntries(frontier.nodes.map((n, i) => [n, values[i]])));
      else for (const t of values) t.dispose();
      return vector;
    },
    get size() {
      return kept.size;
    },
    dispose() {
      for (const values of kept.values()) for (const t of Object.values(values)) t.dispose();
      kept.clear();
    },
  };
}
