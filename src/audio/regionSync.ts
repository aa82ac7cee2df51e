// The waveform's spans kept in step with its `spans` prop (the plan in reconcile.ts says what
// to add, change and remove), how each span's region is styled, and dragging out new spans.
// Part of <Waveform>, which owns the wavesurfer instance; effects run only once the current
// instance has decoded its audio (isLive), so nothing is added to one that has not loaded.
import { type RefObject, useEffect } from "react";
import type RegionsPlugin from "wavesurfer.js/plugins/regions";
import type { Region } from "wavesurfer.js/plugins/regions";
import { MIN_SPAN_SECONDS, type Span } from "../domain/study/spans.ts";
import { spanFill, withAlpha } from "./colors.ts";
import { TIMELINE_HEIGHT } from "./layout.ts";
import { planRegions } from "./reconcile.ts";

export type RegionsApi = ReturnType<typeof RegionsPlugin.create>;

export interface WaveformSpan {
  id: string;
  start: number;
  end: number;
  /** Base colour "#RRGGBB": the fill is drawn translucent, the border solid. */
  color: string;
  editable: boolean;
  label?: string;
  /**
   * Drawn as a band along the bottom fifth of the waveform, above the time ruler and in front of
   * the full-height spans
   * (the expert's consensus regions: distinct from the spans, and clickable over them).
   */
  band?: boolean;
}

/** What each region element was last styled with, so unchanged spans are not touched again. */
const styledWith = new WeakMap<Region, string>();

function styleRegion(region: Region, span: WaveformSpan, selected: boolean): void {
  const el = region.element;
  if (!el) return;
  const key = `${span.id}|${span.color}|${selected}|${span.label ?? ""}|${region.content ? 1 : 0}|${span.band ? 1 : 0}`;
  if (styledWith.get(region) === key) return;
  styledWith.set(region, key);
  el.dataset.spanId = span.id;
  el.style.borderLeft = `2px solid ${span.color}`;
  el.style.borderRight = `2px solid ${span.color}`;
  el.style.boxShadow = selected ? `inset 0 0 0 2px ${span.color}, 0 0 0 1px #0f172a` : "none";
  el.style.zIndex = selected ? "6" : span.band ? "5" : "";
  if (span.band) {
    // Just above the time ruler, which runs along the bottom of the regions' box.
    el.style.top = "auto";
    el.style.bottom = `${TIMELINE_HEIGHT}px`;
    el.style.height = "20%";
    el.style.backgroundColor = withAlpha(span.color, 0.55);
  }
  el.title = span.label ?? "";
  if (region.content) {
    region.content.style.color = "#0f172a";
    region.content.style.fontSize = "11px";
    region.content.style.fontWeight = "600";
    region.content.style.padding = "1px 4px";
    region.content.style.background = "rgba(255, 255, 255, 0.8)";
    region.content.style.borderRadius = "0 0 4px 0";
    region.content.style.pointerEvents = "none";
  }
}

export function useRegionSync({
  regionsRef,
  isLive,
  readyGen,
  spans,
  selectedId,
  allowCreate,
  createColor,
  pendingRef,
  addingRef,
}: {
  regionsRef: RefObject<RegionsApi | null>;
  /** True when `gen` is the current instance and it has decoded its audio. */
  isLive(gen: number): boolean;
  readyGen: number;
  spans: readonly WaveformSpan[];
  selectedId: string | null;
  allowCreate: boolean;
  createColor: string;
  /** Spans the person moved whose new times the `spans` prop has not caught up with yet. */
  pendingRef: RefObject<Map<string, Span & { at: number }>>;
  /** Set while regions are added from the prop, so the plugin's event is not taken as new. */
  addingRef: RefObject<boolean>;
}): void {
  // Dragging out new spans.
  useEffect(() => {
    const regions = regionsRef.current;
    if (!isLive(readyGen) || !allowCreate || !regions) return;
    return regions.enableDragSelection({ color: withAlpha(createColor, 0.25) });
  }, [regionsRef, isLive, readyGen, allowCreate, createColor]);

  // spans prop → plugin regions: the plan (reconcile.ts) says what to add, change and remove.
  useEffect(() => {
    const regions = regionsRef.current;
    if (!isLive(readyGen) || !regions) return;
    const pending = pendingRef.current;
    const byId = new Map(regions.getRegions().map((r) => [r.id, r]));
    const plan = planRegions(
      [...byId.values()].map((r) => ({
        id: r.id,
        start: r.start,
        end: r.end,
        color: r.color,
        drag: r.drag,
        resize: r.resize,
        label: r.content?.textContent ?? "",
        busy: Boolean(r.isDragging || r.updatingSide),
      })),
      spans,
      (span) => spanFill(span.color, span.id === selectedId),
      pending,
      performance.now(),
    );
    for (const id of plan.remove) byId.get(id)?.remove();
    for (const id of plan.settled) pending.delete(id);
    for (const { span, fill } of plan.add) {
      addingRef.current = true;
      try {
        const added = regions.addRegion({
          id: span.id,
          start: span.start,
          end: span.end,
          color: fill,
          drag: span.editable,
          resize: span.editable,
          minLength: MIN_SPAN_SECONDS,
          ...(span.label ? { content: span.label } : {}),
        });
        styleRegion(added, span, span.id === selectedId);
      } finally {
        addingRef.current = false;
      }
    }
    for (const { id, span, change } of plan.update) {
      const region = byId.get(id);
      if (!region) continue;
      if (Object.keys(change).length > 0) region.setOptions(change);
      styleRegion(region, span, span.id === selectedId);
    }
  }, [regionsRef, pendingRef, addingRef, isLive, readyGen, spans, selectedId]);
}
