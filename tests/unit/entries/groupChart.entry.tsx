// The analysis screen's "WER by listener group" chart on a page of its own, for the browser
// test of its labels (tests/e2e/axis-labels.test.ts bundles this file): listener groups as a
// Vietnamese SUS test's intake gives them, long and not ASCII.
import { createRoot } from "react-dom/client";
import { GroupChart } from "../../../src/features/analysis/parts/IntelligibilityCharts.tsx";

export const GROUPS = [
  "tiếng Việt,tiếng Anh",
  "tiếng Việt",
  "简体中文,日本語,한국어",
  "Nederlands, Vlaams, Frysk, Limburgs, Zeeuws, Nedersaksisch en nog veel meer",
  "(none)",
];
const systems = ["espeak", "vits", "fastspeech2", "human"];
const rows = GROUPS.flatMap((group, g) =>
  systems.map((system, s) => ({ group, system, wer: ((g + 1) * (s + 2)) / 40 })),
);

const host = document.createElement("div");
host.id = "chart";
host.style.width = "900px";
document.body.append(host);
createRoot(host).render(<GroupChart rows={rows} systems={systems} />);
