// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { binRuns } from "../../../domain/stats/saliency.ts";
import { SaliencyFigures } from "./SaliencyFigure.tsx";
import { SaliencySection } from "./SaliencySection.tsx";

vi.mock("../../../audio/Waveform.tsx", () => ({
  Waveform: (props: { spans: { id: string; start: number; end: number; band?: boolean }[] }) => (
    <div data-testid="waveform">
      {props.spans.map((s) => `${s.band ? "model" : "listeners"} ${s.start}-${s.end}`).join("; ")}
    </div>
  ),
}));
vi.mock("../../../db/repo.ts", () => ({
  getClipAudio: async () => new Blob(["x"]),
  getClip: async () => ({ id: "c1", name: "a.wav", duration: 0.45 }),
}));

afterEach(() => cleanup());

test("Table 4: r per model overall and per error type, null as a dash, clips and bins", () => {
  render(
    <SaliencySection
      saliency={{
        ig: { clips: 3, bins: 67, overall: -0.17797, byType: { silence: 0.25, energy: null } },
      }}
      taxonomy={[
        { id: "silence", label: "Silence" },
        { id: "energy", label: "Energy-related" },
      ]}
      binSeconds={0.1}
    />,
  );
  const cell = (type: string) =>
    document.querySelector(`[data-model="ig"][data-type="${type}"]`)?.textContent;
  expect(screen.getByRole("heading", { name: "Model and listeners" })).toBeTruthy();
  expect(cell("overall")).toBe("-0.178");
  expect(cell("silence")).toBe("0.250");
  expect(cell("energy")).toContain("—");
  expect(cell("counts")).toBe("3, 67");
});

test("bin runs: consecutive bins merge, the last ends at the clip's end", () => {
  expect(binRuns([0, 1, 3], 100000, 350000)).toEqual([
    { start: 0, end: 0.2 },
    { start: 0.3, end: 0.35 },
  ]);
  expect(binRuns([], 100000, 1000000)).toEqual([]);
});

test("Figure 1: the listeners' bins and the model's salient bins over the waveform", async () => {
  render(
    <SaliencyFigures
      studyId="s"
      byModel={{
        ig: [
          {
            clipId: "c1",
            bins: 5,
            model: [0, 1, 2, 1, 0],
            annotated: [0, 0.5, 1, 0.5, 0],
            types: [[], [], [], [], []],
            salient: [1, 2, 3],
          },
        ],
      }}
      clipNames={new Map([["c1", "a.wav"]])}
      binSeconds={0.1}
    />,
  );
  await waitFor(() =>
    expect(screen.getByTestId("waveform").textContent).toBe("listeners 0.1-0.4; model 0.1-0.4"),
  );
  expect(screen.getByText(/Listeners' regions \(3 of 5 bins\)/)).toBeTruthy();
  const salient = [...document.querySelectorAll("[data-salient]")].map((e) =>
    e.getAttribute("data-salient"),
  );
  expect(salient).toEqual(["no", "yes", "yes", "yes", "no"]);
});
