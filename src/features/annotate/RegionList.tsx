// The annotator's spans on this clip, in start order.
import { paletteColor } from "../../audio/colors.ts";
import { RegionRow } from "./RegionRow.tsx";

export interface ListedSpan {
  id: string;
  start: number;
  end: number;
}

export function RegionList({
  spans,
  duration,
  selectedId,
  onSelect,
  onCommit,
  onPlay,
  onDelete,
}: {
  spans: readonly ListedSpan[];
  duration: number;
  selectedId: string | null;
  onSelect(id: string): void;
  onCommit(id: string, start: number, end: number): void;
  onPlay(id: string): void;
  onDelete(id: string): void;
}) {
  return (
    <section className="self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-semibold text-slate-900">
        Unnatural spans <span className="font-normal text-slate-500">({spans.length})</span>
      </h3>
      {spans.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">
          None yet. Drag across the waveform where the speech sounds unnatural, or press M at the
          start and again at the end. A clip that sounds natural throughout needs no span.
        </p>
      )}
      <ul aria-label="Regions" className="mt-2 grid gap-2">
        {spans.map((s, i) => (
          <RegionRow
            key={s.id}
            number={i + 1}
            id={s.id}
            start={s.start}
            end={s.end}
            color={paletteColor(i)}
            duration={duration}
            selected={s.id === selectedId}
            onSelect={onSelect}
            onCommit={onCommit}
            onPlay={onPlay}
            onDelete={onDelete}
          />
        ))}
      </ul>
    </section>
  );
}
