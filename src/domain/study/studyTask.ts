// The study's task now lives in domain/tasks (one module per task, README "How a new task is
// added"); this path re-exports what callers outside that folder have imported from here.
export {
  DEFAULT_MAX_PLAYS,
  type TranscriptionDraft,
  taskOf,
  transcriptionDraft,
  transcriptionFromDraft,
  transcriptionOf,
  withTask,
} from "../tasks/index.ts";
