// The app's side of each task (README, "How a new task is added"): its participant screen, by
// the study's task. The only file other features import from here (scripts/check-imports);
// this folder alone may point at other features' screens in place. Import it only where the
// screens are shown (the crowd screen, the participant's page): it brings the waveform's code
// with it.
import type { StudyTask } from "../../domain/interchange/types.ts";
import { COMPARE_UI } from "./compare.ts";
import { MARK_UI } from "./mark.ts";
import { RATE_UI } from "./rate.ts";
import { TRANSCRIBE_UI } from "./transcribe.ts";
import type { TaskUi } from "./types.ts";

export {
  type AnswerValue,
  CCR_LABELS,
  type PairScale,
  type Side,
  type TrialAnswer,
  type TrialSide,
  TrialView,
  type TrialViewProps,
} from "./compare/TrialView.tsx";
export type { ClipsTaskUi, TaskUi, TrialsTaskUi } from "./types.ts";

const UI: Readonly<Record<StudyTask, TaskUi>> = {
  mark: MARK_UI,
  rate: RATE_UI,
  transcribe: TRANSCRIBE_UI,
  compare: COMPARE_UI,
};

/** The participant screen of a task: clip by clip, or trial by trial (a comparison). */
export function taskUi(task: StudyTask): TaskUi {
  return UI[task];
}
