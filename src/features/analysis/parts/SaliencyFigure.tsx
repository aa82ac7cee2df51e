import { useEffect, useMemo, useState } from "react";
import { Waveform, type WaveformSpan } from "../../../audio/Waveform.tsx";
import { getClip, getClipAudio } from "../../../db/repo.ts";
import { binRuns, type SaliencyClip } from "../../../domain/stats/saliency.ts";
import { us } from "../../../domain/study/spans.ts";

/** The paper's Figure 1 colours: the listeners' regions red, the model's salient regions green. */
export const LISTENERS_COLOR = "#CC3311";
export const MODEL_COLOR = "#117733";

type Audio =
  | { status: "loading" }
  | { status: "ready"; audio: Blob | string | undefined; duration: number };

/**
 * One clip of a model's saliency, as the RedPen paper's Figure 1: the bins the listeners marked
 * (any crowd annotator: red, full height) and the model's salient bins (green, along the
 * bottom) over the clip's waveform, read-only; a bin strip says the same without audio.
 */
export function SaliencyFigure({
  studyId,
  clips,
  clipNames,
  binSeconds,
}: {
  studyId: string;
  clips: readonly SaliencyClip[];
  clipNames: ReadonlyMap<string, string>;
  binSeconds: number;
}) {
  const [clipId, setClipId] = useState(clips[0]?.clipId);
  const clip = clips.find((c) => c.clipId === clipId) ?? clips[0];
  const [audio, setAudio] = useState<Audio>({ status: "loading" });
  useEffect(() => {
    if (clip === undefined) return;
    let active = true;
    setAudio({ status: "loading" });
    Promise.all([getClipAudio(studyId, clip.clipId), getClip(studyId, clip.clipId)]).then(
      ([blob, record]) => {
        if (active)
          setAudio({
            status: "ready",
            audio: blob ?? record?.uri,
            duration: record?.duration ?? 0,
          });
      },
      () => {
        if (active) setAudio({ status: "ready", audio: undefined, duration: 0 });
      },
    );
    return () => {
      active = false;
    };
  }, [studyId, clip]);

  const duration = audio.status === "ready" ? audio.duration : 0;
  const listenerBins = useMemo(
    () => (clip ? clip.annotated.flatMap((share, k) => (share > 0 ? [k] : [])) : []),
    [clip],
  );
  const spans: WaveformSpan[] = useMemo(() => {
    if (clip === undefined || duration <= 0) return [];
    return [
      ...binRuns(listenerBins, us(binSeconds), us(duration)).map((r, i) => ({
        id: `listeners-${i}`,
        ...r,
        color: LISTENERS_COLOR,
        editable: false,
        label: "listeners",
      })),
      ...binRuns(clip.salient, us(binSeconds), us(duration)).map((r, i) => ({
        id: `model-${i}`,
        ...r,
        color: MODEL_COLOR,
        editable: false,
        label: "model",
        band: true,
      })),
    ];
  }, [clip, listenerBins, binSeconds, duration]);

  if (clip === undefined) {
    return (
      <p className="mt-4 text-sm text-slate-600">
        No clip has both this model's saliency and a crowd annotation yet.
      </p>
    );
  }
  const salient = new Set(clip.salient);
  return (
    <div className="mt-5" data-figure="saliency.clip" data-clip={clip.clipId}>
      <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          <span className="text-slate-700">Clip</span>
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            value={clip.clipId}
            onChange={(e) => setClipId(e.target.value)}
          >
            {clips.map((c) => (
              <option key={c.clipId} value={c.clipId}>
                {clipNames.get(c.clipId) ?? c.clipId}
              </option>
            ))}
          </select>
        </label>
        <span className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm"
            style={{ backgroundColor: LISTENERS_COLOR }}
          />
          Listeners' regions ({listenerBins.length} of {clip.bins} bins)
        </span>
        <span className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm"
            style={{ backgroundColor: MODEL_COLOR }}
          />
          Model's salient bins (its {clip.salient.length} highest)
        </span>
      </div>
      {audio.status === "ready" && audio.audio !== undefined ? (
        <div className="rounded-md border border-slate-200 bg-white p-2">
          <Waveform audio={audio.audio} spans={spans} height={96} />
        </div>
      ) : audio.status === "ready" ? (
        <p className="mb-2 text-sm text-slate-500">
          No audio is stored for this clip: the bins alone.
        </p>
      ) : null}
      <div
        className="mt-2 grid gap-px"
        style={{ gridTemplateColumns: `repeat(${clip.bins}, minmax(0, 1fr))` }}
        role="img"
        aria-label={`Bins of ${binSeconds} s: listeners marked ${listenerBins.length}, the model's salient ${clip.salient.length}`}
      >
        {clip.annotated.map((share, k) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a bin is its index
            key={`l${k}`}
            className="h-2"
            data-bin={k}
            data-listeners={share}
            style={{ backgroundColor: LISTENERS_COLOR, opacity: share }}
          />
        ))}
        {clip.annotated.map((_, k) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a bin is its index
            key={`m${k}`}
            className="h-2"
            data-bin={k}
            data-salient={salient.has(k) ? "yes" : "no"}
            style={{ backgroundColor: salient.has(k) ? MODEL_COLOR : "transparent" }}
          />
        ))}
      </div>
    </div>
  );
}

/** Figure 1 for one model at a time (a choice when the study has several). */
export function SaliencyFigures({
  studyId,
  byModel,
  clipNames,
  binSeconds,
}: {
  studyId: string;
  byModel: Readonly<Record<string, SaliencyClip[]>>;
  clipNames: ReadonlyMap<string, string>;
  binSeconds: number;
}) {
  const models = Object.keys(byModel);
  const [model, setModel] = useState(models[0]);
  const shown = model !== undefined && models.includes(model) ? model : models[0];
  if (shown === undefined) return null;
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">
        Per clip: where the listeners and the model point (the paper's Figure 1)
      </h3>
      {models.length > 1 ? (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <span className="text-slate-700">Model</span>
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-sm"
            value={shown}
            onChange={(e) => setModel(e.target.value)}
          >
            {models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <SaliencyFigure
        key={shown}
        studyId={studyId}
        clips={byModel[shown] ?? []}
        clipNames={clipNames}
        binSeconds={binSeconds}
      />
    </div>
  );
}
