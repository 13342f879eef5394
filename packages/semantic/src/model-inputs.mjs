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
  /** The mask of real tokens (token id > 0) as (row, position) pairs, and its positions alone. */
  mask: `${P}Encode/TransformerStack/Layer_1/TransformerLayer/FFN/StoreMask/ToInt32`,
  positions: `${P}Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2`,
};

/** The model's maximum of tokens per text, when its graph is the one the fed values were written for. */
export function syncMaxTokens(m) {
  const nodes = m.model.executor?.graph?.nodes ?? {};
  if (!Object.values(FED).every((n) => nodes[n])) return null;
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
    let real = 0;
    for (let q = 0; q < total; q++) if (values[q] > 0) real++;
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
    inputs[FED.kept] = tensor1d(kept, "int32");
    inputs[FED.mask] = tensor2d(mask, [real, 2], "int32");
    inputs[FED.positions] = tensor1d(positions, "int32");
  }
  return inputs;
}
