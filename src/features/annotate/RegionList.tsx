// The annotator's spans on this clip, in start order.
import { paletteColor } from "../../audio/colors.ts";
import { useT } from "../../lib/i18n.tsx";
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
  const t = useT();
  return (
    <section className="self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-semibold text-slate-900">
        {t("spans.title")} <span className="font-normal text-slate-500">({spans.length})</span>
      </h3>
      {spans.length === 0 && (
        <>
          <p className="mt-2 text-sm text-slate-500 pointer-coarse:hidden">{t("spans.none")}</p>
          <p className="mt-2 hidden text-sm text-slate-500 pointer-coarse:block">
            {t("spans.none.touch")}
          </p>
        </>
      )}
      <ul aria-label={t("spans.list")} className="mt-2 grid gap-2">
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
