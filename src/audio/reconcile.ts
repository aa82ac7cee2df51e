// What the waveform must do to its drawn regions so that they match the `spans` prop: a pure
// function of what is drawn and what is wanted, so the rules (which spans to add, move,
// restyle or remove; never to pull a span from under the pointer; to keep a drag drawn until
// the caller has stored it) are unit-tested without wavesurfer. Waveform.tsx applies the plan.

/** A drawn region as the plugin has it. */
export interface DrawnRegion {
  id: string;
  start: number;
  end: number;
  color: string;
  drag: boolean;
  resize: boolean;
  /** The text shown in it ("" for none). */
  label: string;
  /** Being dragged or resized by the pointer right now. */
  busy: boolean;
}

/** A span the caller wants drawn (WaveformSpan) with the fill it gets. */
export interface WantedSpan {
  id: string;
  start: number;
  end: number;
  color: string;
  editable: boolean;
  label?: string;
}

/** A drag the waveform reported (onChange) that the caller may not have stored yet. */
export interface PendingDrag {
  start: number;
  end: number;
  /** performance.now() when it was reported. */
  at: number;
}

export interface RegionChange {
  start?: number;
  end?: number;
  color?: string;
  drag?: boolean;
  resize?: boolean;
  content?: string;
}

export interface RegionPlan {
  /** Drawn regions no span wants any more. */
  remove: string[];
  /** Spans to draw, with their fill colour. */
  add: { span: WantedSpan; fill: string }[];
  /** Drawn regions to change (only the fields that differ; `change` may be empty). */
  update: { id: string; span: WantedSpan; change: RegionChange }[];
  /** Pending drags now settled (stored, or waited for too long): forget them. */
  settled: string[];
}

/** How long a drag's result may wait for the caller to store it before the prop wins again. */
export const PENDING_MS = 3000;
const EPSILON = 1e-6;

export function planRegions(
  drawn: readonly DrawnRegion[],
  spans: readonly WantedSpan[],
  fill: (span: WantedSpan) => string,
  pending: ReadonlyMap<string, PendingDrag>,
  now: number,
): RegionPlan {
  const wanted = new Set(spans.map((s) => s.id));
  const existing = new Map<string, DrawnRegion>();
  const plan: RegionPlan = { remove: [], add: [], update: [], settled: [] };
  for (const region of drawn) {
    if (wanted.has(region.id)) existing.set(region.id, region);
    else plan.remove.push(region.id);
  }
  for (const span of spans) {
    const color = fill(span);
    const region = existing.get(span.id);
    if (!region) {
      plan.add.push({ span, fill: color });
      continue;
    }
    let { start, end } = span;
    // Never pull a span from under the pointer while it is being dragged or resized.
    if (region.busy) ({ start, end } = region);
    const waiting = pending.get(span.id);
    if (waiting) {
      const stored =
        Math.abs(waiting.start - start) < EPSILON && Math.abs(waiting.end - end) < EPSILON;
      if (stored || now - waiting.at > PENDING_MS) plan.settled.push(span.id);
      else ({ start, end } = region); // the caller has not stored the drag yet: keep it drawn
    }
    const change: RegionChange = {};
    if (Math.abs(region.start - start) > EPSILON) change.start = start;
    if (Math.abs(region.end - end) > EPSILON) change.end = end;
    if (region.color !== color) change.color = color;
    if (region.drag !== span.editable) change.drag = span.editable;
    if (region.resize !== span.editable) change.resize = span.editable;
    const label = span.label ?? "";
    if (region.label !== label) change.content = label;
    plan.update.push({ id: span.id, span, change });
  }
  return plan;
}
