import { useEffect, useMemo, useState } from "react";
import { paletteColor } from "../../../audio/colors.ts";
import { Waveform, type WaveformSpan } from "../../../audio/Waveform.tsx";
import { getClip, getClipAudio, listRegions, type RegionRecord } from "../../../db/repo.ts";
import type { ClipAgreement } from "../../../workers/analysisMessages.ts";
import { clipKappaReason } from "../explain.ts";
import { fixed } from "../format.ts";
import { AnnotatorLanes } from "./AnnotatorLanes.tsx";
import { Value } from "./Value.tsx";

type Loaded =
  | { status: "loading" }
  | { status: "error"; message: string }
  | {
      status: "ready";
      regions: RegionRecord[];
      audio: Blob | string | undefined;
      duration: number;
    };

/** One clip opened from the list: every annotator's spans on its waveform, read-only. */
export function ClipDetail({
  studyId,
  clip,
  onClose,
}: {
  studyId: string;
  clip: ClipAgreement;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setLoaded({ status: "loading" });
    setSelectedId(null);
    Promise.all([
      listRegions(studyId, clip.clipId),
      getClipAudio(studyId, clip.clipId),
      getClip(studyId, clip.clipId),
    ]).then(
      ([regions, blob, record]) => {
        if (!active) return;
        setLoaded({
          status: "ready",
          regions,
          audio: blob ?? record?.uri,
          duration: record?.duration ?? 0,
        });
      },
      (error: unknown) => {
        if (active) setLoaded({ status: "error", message: String(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [studyId, clip.clipId]);

  const annotators = useMemo(
    () =>
      loaded.status === "ready"
        ? [...new Set(loaded.regions.map((r) => r.annotatorId))].sort()
        : [],
    [loaded],
  );
  const colorOf = useMemo(() => {
    const map = new Map(annotators.map((a, i) => [a, paletteColor(i)]));
    return (annotatorId: string) => map.get(annotatorId) ?? paletteColor(0);
  }, [annotators]);
  const spans: WaveformSpan[] = useMemo(
    () =>
      loaded.status === "ready"
        ? loaded.regions.map((r) => ({
            id: r.id,
            start: r.start,
            end: r.end,
            color: colorOf(r.annotatorId),
            editable: false,
            label: r.annotatorId,
          }))
        : [],
    [loaded, colorOf],
  );

  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-4" aria-live="polite">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{clip.name}</h3>
          <p className="text-sm text-slate-600">
            {clip.system ?? "no system"}
            {clip.sentence ? ` · sentence ${clip.sentence}` : ""} · {clip.annotations} annotations ·
            mean kappa <Value text={fixed(clip.meanKappa)} reason={clipKappaReason(clip)} /> · union{" "}
            {fixed(clip.unionFraction)} · overlap {fixed(clip.overlapFraction)}
          </p>
        </div>
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50"
          onClick={onClose}
        >
          Close clip
        </button>
      </div>
      {loaded.status === "loading" ? (
        <p className="text-sm text-slate-500">Loading the clip…</p>
      ) : loaded.status === "error" ? (
        <p className="text-sm text-red-600">Could not load the clip: {loaded.message}</p>
      ) : (
        <>
          {annotators.length > 0 ? (
            <ul
              className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm"
              aria-label="Annotator colours"
            >
              {annotators.map((a) => (
                <li key={a} className="flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="inline-block h-3 w-3 rounded-sm"
                    style={{ backgroundColor: colorOf(a) }}
                  />
                  <span className="font-mono text-xs">{a}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-3 text-sm text-slate-600">
              No annotator marked anything on this clip.
            </p>
          )}
          {loaded.audio !== undefined ? (
            <div className="rounded-md border border-slate-200 bg-white p-2">
              <Waveform
                audio={loaded.audio}
                spans={spans}
                selectedId={selectedId}
                onSelect={setSelectedId}
                height={96}
              />
            </div>
          ) : (
            <p className="mb-2 text-sm text-slate-500">
              No audio is stored for this clip; the spans are shown on a timeline.
            </p>
          )}
          <AnnotatorLanes
            annotators={annotators}
            regions={loaded.regions}
            duration={Math.max(loaded.duration, ...loaded.regions.map((r) => r.end))}
            colorOf={colorOf}
          />
        </>
      )}
    </div>
  );
}
