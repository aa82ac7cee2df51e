// Ticking a reason on the expert screen: it goes to every target span (untick when all have it),
// is written in the background (useReasonWriter), and is said for screen readers, since a key
// changes checkboxes that do not have focus.
import { useState } from "react";
import type { TaxonomyEntry } from "../../../domain/interchange/types.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import type { ExpertSpan } from "./clipView.ts";
import { spanName } from "./words.ts";

export function useReasonToggle({
  taxonomy,
  targets,
  arriving,
  write,
}: {
  taxonomy: readonly TaxonomyEntry[];
  targets: readonly ExpertSpan[];
  /** The next clip is being read: a key pressed now must not label the clip leaving. */
  arriving: boolean;
  write(spans: readonly ExpertSpan[], reasonId: string): Promise<unknown>;
}) {
  const t = useT();
  const intl = useIntlShape();
  const [announcement, setAnnouncement] = useState("");
  const toggle = (reasonId: string) => {
    // A key pressed between N and the next clip's arrival must not label the clip leaving.
    if (targets.length === 0 || arriving) return;
    const label = taxonomy.find((t) => t.id === reasonId)?.label ?? reasonId;
    const ticked = !targets.every((s) => s.reasons.includes(reasonId));
    const what =
      targets.length === 1
        ? spanName(intl, targets[0] as ExpertSpan)
        : t("expert.screen.nSpans", { n: targets.length });
    setAnnouncement(
      t(ticked ? "expert.screen.ticked" : "expert.screen.unticked", { reason: label, what }),
    );
    void write(targets, reasonId).catch(() => undefined);
  };
  return { toggle, announcement };
}
