// The expert screen's reasons for the target spans, beside the clip at laptop size, with the
// announcement of what a key ticked (keys change checkboxes that do not have focus).
import type { Ref } from "react";
import { useT } from "../../../lib/i18n.tsx";
import { ReasonsPanel } from "./ReasonsPanel.tsx";

export function ReasonsSection({
  sectionRef,
  className,
  announcement,
  ...panel
}: Parameters<typeof ReasonsPanel>[0] & {
  sectionRef: Ref<HTMLElement>;
  className: string;
  announcement: string;
}) {
  const t = useT();
  return (
    <section ref={sectionRef} aria-labelledby="expert-reasons-title" className={className}>
      <h2 id="expert-reasons-title" className="mb-2 text-sm font-semibold text-slate-800">
        {t("expert.screen.reasonsTitle")}
      </h2>
      <ReasonsPanel {...panel} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
