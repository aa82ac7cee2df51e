// Pitch and energy of a clip (src/domain/acoustics) computed in a Web Worker from the decoded
// audio, and kept per clip: the expert's overlays never block the page, and going back to a clip
// draws at once. One worker serves the tab; where module workers do not exist (happy-dom in
// component tests) the same code runs in this thread.
import type { AcousticFeatures } from "../domain/acoustics/features.ts";

export interface FeaturesRequest {
  id: number;
  samples: Float32Array;
  sampleRate: number;
}

export type FeaturesResponse =
  | { id: number; type: "done"; hop: number; f0: Float32Array; energyDb: Float32Array }
  | { id: number; type: "error"; message: string };

/** A performance measure per clip measured (scripts/bench-features.ts reads them). */
export const FEATURES_MEASURE = "redpen:features";

/** Clips kept: a few hundred KB each at most (two floats per 10 ms frame). */
const CACHE_SIZE = 64;
const cache = new Map<string, Promise<AcousticFeatures>>();
const waiting = new Map<number, { resolve(f: AcousticFeatures): void; reject(e: Error): void }>();
let worker: Worker | null = null;
let nextId = 1;

function theWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL("./features.worker.ts", import.meta.url), {
    type: "module",
    name: "redpen-features",
  });
  created.onmessage = (event: MessageEvent<FeaturesResponse>) => {
    const answer = event.data;
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if (answer.type === "done") {
      pending.resolve({ hop: answer.hop, f0: answer.f0, energyDb: answer.energyDb });
    } else pending.reject(new Error(answer.message));
  };
  created.onerror = (event) => {
    event.preventDefault();
    const error = new Error(`The pitch worker stopped: ${event.message || "it could not start"}`);
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    worker = null;
    created.terminate();
  };
  worker = created;
  return created;
}

/** The mono samples of decoded audio (channels averaged), as a copy the worker may own. */
export function monoSamples(audio: AudioBuffer): Float32Array {
  const out = new Float32Array(audio.length);
  for (let c = 0; c < audio.numberOfChannels; c++) {
    const channel = audio.getChannelData(c);
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (channel[i] as number);
  }
  if (audio.numberOfChannels > 1)
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / audio.numberOfChannels;
  return out;
}

/** The clip's features, computed once per `key` (a clip and its audio) and kept. */
export function clipFeatures(key: string, audio: AudioBuffer): Promise<AcousticFeatures> {
  const known = cache.get(key);
  if (known) {
    // Most recently used last, so the oldest clip is the one dropped.
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const samples = monoSamples(audio);
  const sampleRate = audio.sampleRate;
  const result =
    typeof Worker === "undefined"
      ? import("../domain/acoustics/features.ts").then((m) =>
          m.computeFeatures(samples, sampleRate),
        )
      : new Promise<AcousticFeatures>((resolve, reject) => {
          const id = nextId++;
          const request: FeaturesRequest = { id, samples, sampleRate };
          const start = performance.now();
          const seconds = samples.length / sampleRate;
          waiting.set(id, {
            resolve: (features) => {
              performance.measure(FEATURES_MEASURE, { start, detail: { seconds } });
              resolve(features);
            },
            reject,
          });
          theWorker().postMessage(request, [samples.buffer]);
        });
  cache.set(key, result);
  result.catch(() => cache.delete(key)); // a failure is not kept: the next visit tries again
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return result;
}
