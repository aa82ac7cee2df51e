// The expert screen's list of the clip's spans, under a heading that counts those labelled.
import { useT } from "../../../lib/i18n.tsx";
import { RegionList } from "./RegionList.tsx";

export function SpansSection({
  className,
  progress,
  ...list
}: Parameters<typeof RegionList>[0] & {
  className: string;
  /** The clip's spans labelled, of all its spans. */
  progress: { labelled: number; total: number };
}) {
  const t = useT();
  return (
    <section aria-labelledby="expert-spans-title" className={className}>
      <h2 id="expert-spans-title" className="mb-3 text-sm font-semibold text-slate-800">
        {t("expert.screen.spansTitle")}{" "}
        <span className="ms-1 font-normal text-slate-500">
          {t("expert.screen.spansLabelled", {
            labelled: progress.labelled,
            total: progress.total,
          })}
        </span>
      </h2>
      <RegionList {...list} />
    </section>
  );
}
