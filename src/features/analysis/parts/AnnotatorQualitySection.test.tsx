// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { AnnotatorQualitySection } from "./AnnotatorQualitySection.tsx";

afterEach(() => cleanup());

/** An element's text without its definitions' tooltips. */
const shown = (el: Element | null | undefined) => {
  const copy = el?.cloneNode(true) as Element | undefined;
  for (const tip of copy?.querySelectorAll('[role="tooltip"]') ?? []) tip.remove();
  return copy?.textContent;
};

test("an expert who marked references is listed but not flagged among the crowd", () => {
  render(
    <AnnotatorQualitySection
      annotators={[
        { id: "e1", annotations: 2, regions: 4, referenceMarkedFraction: 0.9 },
        { id: "w1", annotations: 5, regions: 3, referenceMarkedFraction: 0.5 },
        { id: "w2", annotations: 5, regions: 1, referenceMarkedFraction: 0.05 },
      ]}
      definition="share of reference bins marked"
      nonCrowd={["e1"]}
    />,
  );
  const rows = within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1) as HTMLTableRowElement[];
  const status = rows.map((r) => [r.cells[0]?.textContent, r.cells[8]?.textContent]);
  expect(status).toEqual([
    ["e1", "Expert or researcher: not checked"],
    ["w1", "⚑ Flagged: above 0.20"],
    ["w2", "OK"],
  ]);
  expect(rows.filter((r) => r.dataset.flagged === "true")).toHaveLength(1);
  expect(screen.getByText(/crowd annotators flagged/).closest("p")).toHaveTextContent(
    "1 of 2 crowd annotators flagged (share > 0.20); 3 annotated a reference clip.",
  );
});

test("each crowd annotator's reliability against the consensus; experts and lone workers say why not", () => {
  render(
    <AnnotatorQualitySection
      annotators={[
        { id: "e1", annotations: 2, regions: 4, referenceMarkedFraction: null },
        { id: "w1", annotations: 5, regions: 3, referenceMarkedFraction: null },
        { id: "w2", annotations: 1, regions: 1, referenceMarkedFraction: null },
      ]}
      definition="share of reference bins marked"
      nonCrowd={["e1"]}
      reliability={[
        {
          id: "w1",
          annotations: 5,
          bins: 120,
          sensitivity: 0.8604,
          specificity: 0.9453,
          kappaMajority: 0.7188,
          kappaModel: -0.00004,
        },
      ]}
    />,
  );
  const rows = within(screen.getByRole("table")).getAllByRole("row") as HTMLTableRowElement[];
  const cells = (r: HTMLTableRowElement) => [4, 5, 6, 7].map((i) => r.cells[i]?.textContent);
  expect(Array.from(rows[0]?.cells ?? [], (c) => shown(c))).toEqual([
    "Annotator",
    "Annotations",
    "Regions",
    "Reference marked",
    "Sensitivity",
    "Specificity",
    "κ model",
    "κ majority",
    "Status",
  ]);
  expect(cells(rows[1] as HTMLTableRowElement)).toEqual([
    "—undefined(not a crowd annotator)",
    "—undefined",
    "—undefined",
    "—undefined",
  ]);
  // −0.00004 rounds to 0.000, printed without a sign.
  expect(cells(rows[2] as HTMLTableRowElement)).toEqual(["0.860", "0.945", "0.000", "0.719"]);
  expect(cells(rows[3] as HTMLTableRowElement)[0]).toBe(
    "—undefined(no clip with another crowd annotation)",
  );
});

test("crowd participants without a finished clip (screened out, returned at once) are not listed nor marked OK", () => {
  render(
    <AnnotatorQualitySection
      annotators={[
        { id: "out1", annotations: 0, regions: 0, referenceMarkedFraction: null },
        { id: "gone1", annotations: 0, regions: 0, referenceMarkedFraction: null },
        { id: "w1", annotations: 5, regions: 3, referenceMarkedFraction: 0.05 },
      ]}
      definition="share of reference bins marked"
    />,
  );
  const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
  expect(rows.map((r) => (r as HTMLTableRowElement).cells[0]?.textContent)).toEqual(["w1"]);
  expect(screen.getByText(/annotators flagged/).closest("p")).toHaveTextContent(
    "0 of 1 annotators flagged (share > 0.20); 1 annotated a reference clip. Not listed: 2 crowd participants without a finished clip (screened out, or gone before one).",
  );
});
