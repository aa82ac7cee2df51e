// The study's task as a module (README, "How a new task is added"): every task is a folder
// here declaring its TaskModule (types.ts); this registry maps the stored `study.task` to it.
// Callers ask the study's module (`taskModule(study)`) rather than testing the task's name.
import type { StudyTask, TranscriptionSettings } from "../interchange/types.ts";
import { COMPARE } from "./compare/index.ts";
import { MARK } from "./mark/index.ts";
import { RATE } from "./rate/index.ts";
import { TRANSCRIBE } from "./transcribe/index.ts";
import type { StudyFields, SubmissionRules, TaskModule } from "./types.ts";

export {
  type DatasetRow,
  datasetRows,
  figureData,
  offeredRules,
  shownFigures,
  whyNothingScored,
} from "./figures.ts";
export {
  DEFAULT_MAX_PLAYS,
  type TranscriptionDraft,
  transcriptionDraft,
  transcriptionFromDraft,
  transcriptionOf,
} from "./transcribe/settings.ts";
export type {
  FigureData,
  FigureId,
  FigureNeed,
  ProgressColumn,
  StudyFields,
  SubmissionRules,
  SummaryItem,
  TaskFigure,
  TaskModule,
} from "./types.ts";

/** Every task, by its stored name: a task missing here is a type error. */
const MODULES: Readonly<Record<StudyTask, TaskModule>> = {
  mark: MARK,
  rate: RATE,
  transcribe: TRANSCRIBE,
  compare: COMPARE,
};

/** The task a study has when it names none (and the one stored by omission). */
export const DEFAULT_TASK: StudyTask = "mark";

/**
 * Every task participants do here, in the order New study and Edit settings offer them (a
 * task whose module is not `collected` would be left out: analysed from files only).
 */
export const TASK_MODULES: readonly TaskModule[] = [MARK, RATE, TRANSCRIBE, COMPARE];

/** Every task, collected or not (the analysis, `cli`'s listing). */
export const ALL_TASK_MODULES: readonly TaskModule[] = [MARK, RATE, TRANSCRIBE, COMPARE];

/** The study's task (the default when it has none or one this reader does not know). */
export function taskOf(study: StudyFields): StudyTask {
  const t = study.task;
  return typeof t === "string" && Object.hasOwn(MODULES, t) ? (t as StudyTask) : DEFAULT_TASK;
}

/** The module of a task by its name. */
export function moduleOf(task: StudyTask): TaskModule {
  return MODULES[task];
}

/** The study's task module. */
export function taskModule(study: StudyFields): TaskModule {
  return MODULES[taskOf(study)];
}

/**
 * Why the study cannot be published for collection, or null when it can: a task without a
 * participant screen (its module not `collected`) has nothing to collect with.
 */
export function collectionRefusal(study: StudyFields): string | null {
  const module = taskModule(study);
  if (module.collected) return null;
  return `this is a ${module.label} study (task "${module.id}"): this version has no participant screen for it, so it is not published for collection; import its results from files and analyse them`;
}

/** The rules every finished clip's submission in `study` follows (what the server checks). */
export function submissionRules(study: StudyFields): SubmissionRules {
  return taskModule(study).submissionRules(study);
}

/**
 * Whether a study of this task requires the 1–5 rating: the researcher's choice where the task
 * leaves it to them, else the task's.
 */
export function requiresRating(module: TaskModule, chosen: boolean): boolean {
  const { setting } = module.rating;
  return setting === "choice" ? chosen : setting === "always";
}

/** `extra` with the task and its settings set (left out when they are the defaults). */
export function withTask(
  extra: Record<string, unknown>,
  task: StudyTask,
  settings: TranscriptionSettings,
): Record<string, unknown> {
  const { task: _task, transcription: _t, ...rest } = extra;
  return {
    ...rest,
    ...(task === DEFAULT_TASK ? {} : { task }),
    ...(Object.keys(settings).length === 0 ? {} : { transcription: settings }),
  };
}
