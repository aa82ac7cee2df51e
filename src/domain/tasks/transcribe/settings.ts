// The transcription test's own settings (interchange format, "The study's task":
// `study.transcription`), read with their defaults, and the form's text turned back into
// settings with a message per bad field (New study and Edit settings).
import type { TranscriptionSettings } from "../../interchange/types.ts";

/** Plays a clip allows when the study does not say (as VLSP 2021). */
export const DEFAULT_MAX_PLAYS = 2;

/** The study's transcription settings as stored (no defaults filled in). */
export function transcriptionOf(extra: Readonly<Record<string, unknown>>): TranscriptionSettings {
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
