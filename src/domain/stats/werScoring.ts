// Listeners' transcripts scored in WebAssembly (wer.wat): the same S, D and I per transcript as
// align.ts's errorCounts on normalise.ts's words, for a study scored in words whose transcripts
// and clip texts are all ASCII (most English studies). A study of 100,000 transcripts is scored
// in one call instead of 100,000 trips through tokenising and aligning code that V8 optimizes
// while it runs. Elsewhere (characters, other scripts, no WebAssembly) the caller scores in
// JavaScript, as before.
import { reserve, wasmKernel } from "./wasm.ts";
import { WER_WASM } from "./werWasm.ts";

/** wer.wat's exports. */
interface WerKernel {
  memory: WebAssembly.Memory;
  refs: (...offsets: number[]) => void;
  score: (...offsets: number[]) => void;
  sums: (...offsets: number[]) => number;
}

const werKernel = wasmKernel<WerKernel>(WER_WASM);

/** For tests: score in WebAssembly where it can run (`use`), or never; whether it was in use. */
export const setWerKernel = werKernel.use;

/** Where the scores go: one entry per transcript. */
export interface ErrorArrays {
  errors: Int32Array;
  substitutions: Int32Array;
  deletions: Int32Array;
  insertions: Int32Array;
}

const align4 = (n: number) => (n + 3) & ~3;

/**
 * A scored run's sums, taken in the kernel (wer.wat's `sums`): its per-stimulus errors and
 * reference tokens (one per run of equal stimuli in its order), its transcripts' WERs in its
 * order, and its totals. The arrays are views of the kernel's memory, valid during `done` only.
 */
export interface RunTotals {
  stimulusErrors: Float64Array;
  stimulusTokens: Float64Array;
  wers: Float64Array;
  refTokens: number;
  errors: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  listeners: number;
}

/**
 * The transcripts in runs (a study's systems): run k is positions offsets[k] .. offsets[k + 1] - 1
 * of `order`, each position naming a transcript; `done(k)` is called once run k is scored. With
 * `totals` (each transcript's stimulus, listener and reference tokens, the number of listeners,
 * and where each transcript's WER goes), `done` is also given the run's sums (RunTotals), and
 * `wer` is filled once every run is scored.
 */
export interface ScoringRuns {
  order: Int32Array;
  offsets: Int32Array;
  done: (k: number, totals?: RunTotals) => void;
  totals?: {
    stimulus: Int32Array;
    listener: Int32Array;
    listeners: number;
    refTokens: Int32Array;
    wer: Float64Array;
  };
}

/**
 * Scores `transcripts[t]` against the words `refs[clipOf[t]]` (each a clip's normalised
 * words, non-empty) into `out`, in WebAssembly; false, with nothing written, where it can't
 * (no WebAssembly, or a transcript or text that is not all ASCII). With `runs`, run by run in
 * their order (every transcript is checked before the first is scored; the runs must name
 * every transcript).
 */
export function scoreWordsInWasm(
  transcripts: readonly string[],
  clipOf: Int32Array,
  refs: readonly (readonly string[] | undefined)[],
  out: ErrorArrays,
  runs?: ScoringRuns,
): boolean {
  const wasm = werKernel.get();
  if (wasm === null) return false;
  const N = transcripts.length;
  const C = refs.length;
  const text = transcripts.join("");
  const refTexts: string[] = new Array(C);
  let maxRef = 0;
  for (let c = 0; c < C; c++) {
    const words = refs[c];
    const joined = words === undefined ? "" : words.join(" ");
    refTexts[c] = joined;
    if (joined.length > maxRef) maxRef = joined.length;
  }
  const refText = refTexts.join("");
  let maxHyp = 0;
  for (let t = 0; t < N; t++) {
    const length = (transcripts[t] as string).length;
    if (length > maxHyp) maxHyp = length;
  }
  // The kernel's memory: its table of byte values (0 … 255), the texts' bytes (ASCII: one per
  // character), then i32s.
  const textAt = 256;
  const refsAt = textAt + text.length;
  const starts = align4(refsAt + refText.length);
  const refStarts = starts + 4 * (N + 1);
  const clipAt = refStarts + 4 * (C + 1);
  const orderAt = clipAt + 4 * N;
  const errors = orderAt + 4 * N;
  const subs = errors + 4 * N;
  const dels = subs + 4 * N;
  const ins = dels + 4 * N;
  const clipWords = ins + 4 * N;
  const refWords = clipWords + 4 * (C + 1);
  const hypWords = refWords + 3 * 4 * (refText.length + 1);
  const table = hypWords + 3 * 4 * (maxHyp + 1);
  // The largest cost table: a text and a transcript of at most (length + 1) / 2 words each.
  const words = (length: number) => Math.floor((length + 1) / 2);
  // Then, with `runs.totals`, the runs' sums: f64s (8-aligned) first, then i32s.
  const offsets = runs?.offsets ?? Int32Array.of(0, N);
  let longestRun = 0;
  for (let k = 0; k + 1 < offsets.length; k++) {
    longestRun = Math.max(longestRun, (offsets[k + 1] as number) - (offsets[k] as number));
  }
  const werAt = (table + 4 * (words(maxRef) + 1) * (words(maxHyp) + 1) + 7) & ~7;
  const wersAt = werAt + 8 * N;
  const stimulusErrorsAt = wersAt + 8 * longestRun;
  const stimulusTokensAt = stimulusErrorsAt + 8 * longestRun;
  const sumsAt = stimulusTokensAt + 8 * longestRun;
  const stimulusAt = sumsAt + 48;
  const listenerAt = stimulusAt + 4 * N;
  const refTokensAt = listenerAt + 4 * N;
  const seenAt = refTokensAt + 4 * N;
  const totals = runs?.totals;
  reserve(wasm.memory, totals === undefined ? werAt : seenAt + 4 * totals.listeners);
  const buffer = wasm.memory.buffer;
  const encoder = new TextEncoder();
  for (const [value, at] of [
    [text, textAt],
    [refText, refsAt],
  ] as const) {
    const done = encoder.encodeInto(value, new Uint8Array(buffer, at, value.length));
    // A character past U+007F takes two bytes or more: the text does not fit, and is not ASCII.
    if (done.read !== value.length) return false;
  }
  const startOf = new Int32Array(buffer, starts, N + 1);
  startOf[0] = 0;
  for (let t = 0, at = 0; t < N; t++) {
    at += (transcripts[t] as string).length;
    startOf[t + 1] = at;
  }
  const refStartOf = new Int32Array(buffer, refStarts, C + 1);
  refStartOf[0] = 0;
  for (let c = 0, at = 0; c < C; c++) {
    at += (refTexts[c] as string).length;
    refStartOf[c + 1] = at;
  }
  new Int32Array(buffer, clipAt, N).set(clipOf.subarray(0, N));
  // The order the transcripts are scored in: the runs', else their own.
  const orderOf = new Int32Array(buffer, orderAt, N);
  if (runs === undefined) for (let t = 0; t < N; t++) orderOf[t] = t;
  else orderOf.set(runs.order.subarray(0, N));
  wasm.refs(refsAt, refStarts, C, clipWords, refWords);
  if (totals !== undefined) {
    new Int32Array(buffer, stimulusAt, N).set(totals.stimulus.subarray(0, N));
    new Int32Array(buffer, listenerAt, N).set(totals.listener.subarray(0, N));
    new Int32Array(buffer, refTokensAt, N).set(totals.refTokens.subarray(0, N));
    new Int32Array(buffer, seenAt, totals.listeners).fill(-1);
  }
  const scoredErrors = new Int32Array(buffer, errors, N);
  for (let k = 0; k + 1 < offsets.length; k++) {
    const from = offsets[k] as number;
    const to = offsets[k + 1] as number;
    wasm.score(
      textAt,
      starts,
      orderAt,
      from,
      to,
      clipAt,
      errors,
      subs,
      dels,
      ins,
      clipWords,
      hypWords,
      maxHyp,
      table,
    );
    if (runs !== undefined && totals !== undefined) {
      const stimuli = wasm.sums(
        orderAt,
        from,
        to,
        stimulusAt,
        listenerAt,
        refTokensAt,
        errors,
        subs,
        dels,
        ins,
        seenAt,
        k,
        stimulusErrorsAt,
        stimulusTokensAt,
        werAt,
        wersAt,
        sumsAt,
      );
      const sums = new Float64Array(buffer, sumsAt, 6);
      runs.done(k, {
        stimulusErrors: new Float64Array(buffer, stimulusErrorsAt, stimuli),
        stimulusTokens: new Float64Array(buffer, stimulusTokensAt, stimuli),
        wers: new Float64Array(buffer, wersAt, to - from),
        refTokens: sums[0] as number,
        errors: sums[1] as number,
        substitutions: sums[2] as number,
        deletions: sums[3] as number,
        insertions: sums[4] as number,
        listeners: sums[5] as number,
      });
    } else if (runs !== undefined) {
      // The run's errors at once (its sums need them); the rest once every run is scored.
      for (let p = from; p < to; p++) {
        const t = runs.order[p] as number;
        out.errors[t] = scoredErrors[t] as number;
      }
      runs.done(k);
    }
  }
  if (totals !== undefined) totals.wer.set(new Float64Array(buffer, werAt, N));
  out.errors.set(scoredErrors);
  out.substitutions.set(new Int32Array(buffer, subs, N));
  out.deletions.set(new Int32Array(buffer, dels, N));
  out.insertions.set(new Int32Array(buffer, ins, N));
  return true;
}
