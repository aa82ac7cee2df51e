// A study's task and its intelligibility-test settings (interchange format, "The study's task"),
// read from the study's extra keys with their defaults, and the form's text turned back into
// settings with a message per bad field.
import type { StudyTask, TranscriptionSettings } from "../interchange/types.ts";

export const TASKS: readonly { task: StudyTask; label: string; description: string }[] = [
  {
    task: "mark",
    label: "Mark unnatural spans",
    description: "Listen, mark every part that sounds unnatural, and rate the clip if asked.",
  },
  {
    task: "rate",
    label: "Rate only (MOS)",
    description: "A plain listening test (ACR): listen and rate each clip, no spans.",
  },
  {
    task: "transcribe",
    label: "Transcribe (intelligibility)",
    description:
      "Listeners type what they heard (a SUS test); the analysis scores it against each clip's text.",
  },
];

export const DEFAULT_MAX_PLAYS = 2;

/** The study's task ("mark" when it has none or one this reader does not know). */
export function taskOf(extra: Record<string, unknown>): StudyTask {
  const t = extra.task;
  return t === "rate" || t === "transcribe" ? t : "mark";
}

/** The study's transcription settings as stored (no defaults filled in). */
export function transcriptionOf(extra: Record<string, unknown>): TranscriptionSettings {
  const t = extra.transcription;
  return t !== null && typeof t === "object" ? (t as TranscriptionSettings) : {};
}

/** The settings as the form edits them: text fields, empty for the default. */
export interface TranscriptionDraft {
  unit: "word" | "character";
  maxPlays: string;
  seed: string;
  replicates: string;
  alpha: string;
  groupBy: string;
}

export function transcriptionDraft(t: TranscriptionSettings): TranscriptionDraft {
  return {
    unit: t.unit ?? "word",
    maxPlays: t.maxPlays === undefined ? "" : String(t.maxPlays),
    seed: t.seed ?? "",
    replicates: t.replicates === undefined ? "" : String(t.replicates),
    alpha: t.alpha === undefined ? "" : String(t.alpha),
    groupBy: t.groupBy ?? "",
  };
}

/** The draft as settings, or the problems by field (maxPlays, replicates, alpha). */
export function transcriptionFromDraft(
  d: TranscriptionDraft,
): { ok: true; settings: TranscriptionSettings } | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const settings: TranscriptionSettings = {};
  if (d.unit === "character") settings.unit = "character";
  const int = (key: "maxPlays" | "replicates", text: string, min: number, max: number) => {
    if (text.trim() === "") return;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems[key] = `must be a whole number from ${min} to ${max}`;
    } else settings[key] = n;
  };
  int("maxPlays", d.maxPlays, 1, 100);
  int("replicates", d.replicates, 1, 100000);
  if (d.alpha.trim() !== "") {
    const a = Number(d.alpha);
    if (!(a > 0 && a < 1)) problems.alpha = "must be a number between 0 and 1, e.g. 0.05";
    else settings.alpha = a;
  }
  if (d.seed.trim() !== "") settings.seed = d.seed.trim();
  if (d.groupBy.trim() !== "") settings.groupBy = d.groupBy.trim();
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, settings };
}

/** `extra` with the task and settings set (left out when they are the defaults). */
export function withTask(
  extra: Record<string, unknown>,
  task: StudyTask,
  settings: TranscriptionSettings,
): Record<string, unknown> {
  const { task: _task, transcription: _t, ...rest } = extra;
  return {
    ...rest,
    ...(task === "mark" ? {} : { task }),
    ...(Object.keys(settings).length === 0 ? {} : { transcription: settings }),
  };
}
