// The app's side of each task (README, "How a new task is added"): its participant screen, by
// the study's task. The only file other features import from here (scripts/check-imports);
// this folder alone may point at other features' screens in place. Import it only where the
// screens are shown (the crowd screen): it brings the waveform's code with it.
import type { StudyTask } from "../../domain/interchange/types.ts";
import { MARK_UI } from "./mark.ts";
import { RATE_UI } from "./rate.ts";
import { TRANSCRIBE_UI } from "./transcribe.ts";
import type { TaskUi } from "./types.ts";

export type { TaskUi } from "./types.ts";

/** null: the task has no participant screen (its module is not `collected`: a comparison). */
const UI: Readonly<Record<StudyTask, TaskUi | null>> = {
  mark: MARK_UI,
  rate: RATE_UI,
  transcribe: TRANSCRIBE_UI,
  compare: null,
};

/** The participant screen of a task; null for a task analysed from files only. */
export function taskUi(task: StudyTask): TaskUi | null {
  return UI[task];
}
