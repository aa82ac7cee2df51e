import { expect, test } from "vitest";
import { type DrawnRegion, PENDING_MS, planRegions, type WantedSpan } from "./reconcile.ts";

const fill = (s: WantedSpan) => `${s.color}-fill`;
const drawn = (id: string, start: number, end: number, extra: Partial<DrawnRegion> = {}) => ({
  id,
  start,
  end,
  color: "#aa0000-fill",
  drag: true,
  resize: true,
  label: "",
  busy: false,
  ...extra,
});
const span = (id: string, start: number, end: number, extra: Partial<WantedSpan> = {}) => ({
  id,
  start,
  end,
  color: "#aa0000",
  editable: true,
  ...extra,
});

test("nothing changed: no removal, no addition, empty changes", () => {
  const plan = planRegions([drawn("a", 1, 2)], [span("a", 1, 2)], fill, new Map(), 0);
  expect(plan).toEqual({
    remove: [],
    add: [],
    update: [{ id: "a", span: span("a", 1, 2), change: {} }],
    settled: [],
  });
});

test("a new span is added with its fill; a span gone is removed", () => {
  const plan = planRegions([drawn("old", 0, 1)], [span("new", 2, 3)], fill, new Map(), 0);
  expect(plan.remove).toEqual(["old"]);
  expect(plan.add).toEqual([{ span: span("new", 2, 3), fill: "#aa0000-fill" }]);
  expect(plan.update).toEqual([]);
});

test("a moved span changes only the bounds that moved; 1e-6 s is no move", () => {
  const plan = planRegions([drawn("a", 1, 2)], [span("a", 1.0000005, 2.5)], fill, new Map(), 0);
  expect(plan.update[0]?.change).toEqual({ end: 2.5 });
});

test("selection, editability and label changes restyle without moving", () => {
  const plan = planRegions(
    [drawn("a", 1, 2)],
    [span("a", 1, 2, { color: "#00aa00", editable: false, label: "w1" })],
    fill,
    new Map(),
    0,
  );
  expect(plan.update[0]?.change).toEqual({
    color: "#00aa00-fill",
    drag: false,
    resize: false,
    content: "w1",
  });
});

test("a region under the pointer is not pulled back to the prop", () => {
  const plan = planRegions(
    [drawn("a", 1.4, 2.4, { busy: true })],
    [span("a", 1, 2)],
    fill,
    new Map(),
    0,
  );
  expect(plan.update[0]?.change).toEqual({});
});

test("a drag the caller has not stored yet stays drawn, until stored or too old", () => {
  const pending = new Map([["a", { start: 1.5, end: 2.5, at: 1000 }]]);
  // The prop still has the old place: keep the dragged place, keep waiting.
  let plan = planRegions([drawn("a", 1.5, 2.5)], [span("a", 1, 2)], fill, pending, 1500);
  expect(plan.update[0]?.change).toEqual({});
  expect(plan.settled).toEqual([]);
  // The prop now has the dragged place: settled.
  plan = planRegions([drawn("a", 1.5, 2.5)], [span("a", 1.5, 2.5)], fill, pending, 1600);
  expect(plan.settled).toEqual(["a"]);
  expect(plan.update[0]?.change).toEqual({});
  // Never stored and older than PENDING_MS: the prop wins again.
  plan = planRegions(
    [drawn("a", 1.5, 2.5)],
    [span("a", 1, 2)],
    fill,
    pending,
    1000 + PENDING_MS + 1,
  );
  expect(plan.settled).toEqual(["a"]);
  expect(plan.update[0]?.change).toEqual({ start: 1, end: 2 });
});
