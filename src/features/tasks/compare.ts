// Comparing pairs (A/B, CCR): one trial at a time, two samples labelled by position, on a
// collection server's participant page (features/participate walks through the trials).
import { TrialView } from "./compare/TrialView.tsx";
import type { TaskUi } from "./types.ts";

export const COMPARE_UI: TaskUi = { kind: "trials", Trial: TrialView };
