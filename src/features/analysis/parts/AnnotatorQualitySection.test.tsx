// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { AnnotatorQualitySection } from "./AnnotatorQualitySection.tsx";

afterEach(() => cleanup());

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
  const status = rows.map((r) => [r.cells[0]?.textContent, r.cells[4]?.textContent]);
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
