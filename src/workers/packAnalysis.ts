// The analysis crosses from the worker to the page in columns: one array per field instead of
// one object per clip. Structured cloning 20,000 clip objects (and 20,000 scatter points) costs
// the page about a microsecond per property, in one main-thread task; typed arrays move for
// free (transferred) and string arrays clone fast. `unpackAnalysis` rebuilds the exact objects.
import type { Analysis, ClipAgreement, PackedAnalysis, ScatterPoint } from "./analysisMessages.ts";

export type { PackedAnalysis };

const toNaN = (v: number | null) => (v === null ? Number.NaN : v);
const fromNaN = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);

export function packAnalysis(analysis: Analysis): {
  packed: PackedAnalysis;
  transfer: ArrayBuffer[];
} {
  const { clips, scatter } = analysis;
  const n = clips.length;
  const c: PackedAnalysis["clips"] = {
    clipId: new Array(n),
    name: new Array(n),
    system: new Array(n),
    sentence: new Array(n),
    isReference: new Uint8Array(n),
    annotations: new Float64Array(n),
    bins: new Float64Array(n),
    meanKappa: new Float64Array(n),
    unionFraction: new Float64Array(n),
    overlapFraction: new Float64Array(n),
    meanAnnotatedSeconds: new Float64Array(n),
  };
  clips.forEach((clip, i) => {
    c.clipId[i] = clip.clipId;
    c.name[i] = clip.name;
    c.system[i] = clip.system ?? null;
    c.sentence[i] = clip.sentence ?? null;
    c.isReference[i] = clip.isReference ? 1 : 0;
    c.annotations[i] = clip.annotations;
    c.bins[i] = clip.bins;
    c.meanKappa[i] = toNaN(clip.meanKappa);
    c.unionFraction[i] = toNaN(clip.unionFraction);
    c.overlapFraction[i] = toNaN(clip.overlapFraction);
    c.meanAnnotatedSeconds[i] = toNaN(clip.meanAnnotatedSeconds);
  });
  const m = scatter.length;
  const s: PackedAnalysis["scatter"] = {
    clipId: new Array(m),
    system: new Array(m),
    length: new Float64Array(m),
    score: new Float64Array(m),
  };
  scatter.forEach((p, i) => {
    s.clipId[i] = p.clipId;
    s.system[i] = p.system ?? null;
    s.length[i] = p.length;
    s.score[i] = p.score;
  });
  const transfer = [
    c.isReference,
    c.annotations,
    c.bins,
    c.meanKappa,
    c.unionFraction,
    c.overlapFraction,
    c.meanAnnotatedSeconds,
    s.length,
    s.score,
  ].map((a) => a.buffer as ArrayBuffer);
  return {
    packed: {
      report: analysis.report,
      fit: analysis.fit,
      clips: c,
      scatter: s,
      ...(analysis.saliencyClips === undefined ? {} : { saliencyClips: analysis.saliencyClips }),
    },
    transfer,
  };
}

export function unpackAnalysis(packed: PackedAnalysis): Analysis {
  const c = packed.clips;
  const clips: ClipAgreement[] = new Array(c.clipId.length);
  for (let i = 0; i < clips.length; i++) {
    const clip: ClipAgreement = {
      clipId: c.clipId[i] as string,
      name: c.name[i] as string,
      isReference: c.isReference[i] === 1,
      annotations: c.annotations[i] as number,
      bins: c.bins[i] as number,
      meanKappa: fromNaN(c.meanKappa[i]),
      unionFraction: fromNaN(c.unionFraction[i]),
      overlapFraction: fromNaN(c.overlapFraction[i]),
      meanAnnotatedSeconds: fromNaN(c.meanAnnotatedSeconds[i]),
    };
    const system = c.system[i];
    const sentence = c.sentence[i];
    if (system != null) clip.system = system;
    if (sentence != null) clip.sentence = sentence;
    clips[i] = clip;
  }
  const s = packed.scatter;
  const scatter: ScatterPoint[] = new Array(s.clipId.length);
  for (let i = 0; i < scatter.length; i++) {
    const point: ScatterPoint = {
      clipId: s.clipId[i] as string,
      length: s.length[i] as number,
      score: s.score[i] as number,
    };
    const system = s.system[i];
    if (system != null) point.system = system;
    scatter[i] = point;
  }
  return {
    report: packed.report,
    clips,
    scatter,
    fit: packed.fit,
    ...(packed.saliencyClips === undefined ? {} : { saliencyClips: packed.saliencyClips }),
  };
}
