import type { RegionRecord } from "../../../db/repo.ts";

/**
 * One lane per annotator with their spans on the clip's time axis, so agreement is visible at
 * a glance (also when the clip has no stored audio). Each span is listed for screen readers.
 */
export function AnnotatorLanes({
  annotators,
  regions,
  duration,
  colorOf,
}: {
  annotators: readonly string[];
  regions: readonly RegionRecord[];
  duration: number;
  colorOf: (annotatorId: string) => string;
}) {
  if (annotators.length === 0 || duration <= 0) return null;
  const pct = (t: number) => `${(Math.min(Math.max(t, 0), duration) / duration) * 100}%`;
  return (
    <div className="mt-3 space-y-1">
      {annotators.map((a) => {
        const mine = regions.filter((r) => r.annotatorId === a);
        return (
          <div key={a} className="flex items-center gap-2">
            <span className="w-20 shrink-0 truncate font-mono text-xs text-slate-600" title={a}>
              {a}
            </span>
            <div className="relative h-3 flex-1 rounded-sm bg-slate-200">
              {mine.map((r) => (
                <span
                  key={r.id}
                  className="absolute top-0 h-full rounded-sm"
                  style={{
                    left: pct(r.start),
                    width: `calc(${pct(r.end)} - ${pct(r.start)})`,
                    backgroundColor: colorOf(a),
                  }}
                />
              ))}
            </div>
            <span className="sr-only">
              {a}:{" "}
              {mine.map((r) => `${r.start.toFixed(2)}–${r.end.toFixed(2)} s`).join(", ") ||
                "no spans"}
            </span>
          </div>
        );
      })}
      <div className="flex justify-between pl-22 text-xs text-slate-500" aria-hidden="true">
        <span>0 s</span>
        <span>{duration.toFixed(2)} s</span>
      </div>
    </div>
  );
}
