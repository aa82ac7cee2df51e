// The expert screen's selection, which belongs to a clip. On arriving at a clip, its first span
// still without reasons (else its first span) is selected, and pinned so that labelling it does
// not move the selection on. Several spans can be selected at once (`group`, the selected one
// among them): ticks then go to all of them (`targets`).
import { useCallback, useEffect, useMemo, useState } from "react";
import { type ClipView, overlappingGroup } from "./clipView.ts";

export function useSpanSelection(clipId: string, view: ClipView, loaded: boolean) {
  const [choice, setChoice] = useState<{
    clipId: string;
    id: string | null;
    group: readonly string[] | null;
  } | null>(null);
  const firstOpen =
    (view.visibleSpans.find((s) => s.reasons.length === 0) ?? view.visibleSpans[0])?.id ?? null;
  const selectedId = choice?.clipId === clipId ? choice.id : firstOpen;
  useEffect(() => {
    // Wait for the clip's spans: pinning "nothing" before they arrive would lose the default.
    if (loaded && choice?.clipId !== clipId) setChoice({ clipId, id: firstOpen, group: null });
  }, [loaded, choice, clipId, firstOpen]);
  const setSelectedId = useCallback(
    (id: string | null) => setChoice({ clipId, id, group: null }),
    [clipId],
  );
  const selectGroup = useCallback(
    (ids: readonly string[]) =>
      setChoice({ clipId, id: ids[0] ?? null, group: ids.length > 1 ? ids : null }),
    [clipId],
  );
  const selected = view.visibleSpans.find((s) => s.id === selectedId);
  const group = choice?.clipId === clipId ? choice.group : null;
  // The spans a tick goes to: the group's visible spans, else the selected span.
  const targets = useMemo(() => {
    if (group) {
      const ids = new Set(group);
      const spans = view.visibleSpans.filter((s) => ids.has(s.id));
      if (spans.length > 0) return spans;
    }
    return selected ? [selected] : [];
  }, [group, view.visibleSpans, selected]);
  const targetIds = useMemo(() => new Set(targets.map((s) => s.id)), [targets]);
  /** Focus or a click on a listed span: within the group it stays; elsewhere it starts anew. */
  const focusSpan = (id: string) =>
    group?.includes(id) ? setChoice({ clipId, id, group }) : setSelectedId(id);
  const toggleInGroup = (id: string) => {
    const current = targets.map((s) => s.id);
    const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
    const ordered = view.visibleSpans.map((s) => s.id).filter((x) => next.includes(x));
    setChoice({
      clipId,
      id: ordered.includes(selectedId ?? "") ? selectedId : (ordered[0] ?? null),
      group: ordered.length > 1 ? ordered : null,
    });
  };
  const selectOverlapping = () => {
    if (selected) selectGroup(overlappingGroup(view, selected.id));
  };

  return {
    selectedId,
    selected,
    targets,
    targetIds,
    setSelectedId,
    selectGroup,
    focusSpan,
    toggleInGroup,
    selectOverlapping,
  };
}
