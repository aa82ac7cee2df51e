// The heading above a clip on the crowd, rate and transcribe screens: its title (the file name,
// or "Clip 3" for a participant, who sees no names) and a "Finished" badge once it is. It takes
// focus when the clip changes (the screen holds the ref), so a screen reader announces it.
import type { Ref } from "react";
import { useT } from "../../lib/i18n.tsx";

export function ClipTitle({
  title,
  finished,
  ref,
}: {
  title: string;
  finished: boolean;
  ref: Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  return (
    <h2 ref={ref} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
      {title}
      {finished && (
        <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
          {t("clip.finished")}
        </span>
      )}
    </h2>
  );
}
