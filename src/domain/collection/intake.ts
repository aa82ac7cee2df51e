// "Who rated" (issue 9, item 1): the study's intake questionnaire, asked of each crowd
// participant after consent. The researcher switches each standard question off, optional or
// required, and adds free questions (`study.intake`). Answers are stored with the participant
// as `annotators[].profile` (docs/spec/interchange-format.md). One home for the questions,
// the study's configuration and the check of answers: the participant page and the server both
// use checkAnswers().

export type Need = "off" | "optional" | "required";

export type StandardId =
  | "ageBand"
  | "gender"
  | "nativeLanguages"
  | "country"
  | "device"
  | "headphones"
  | "hearingImpairment";

export interface StandardQuestion {
  id: StandardId;
  label: string;
  /** choice: one of `options`; text: free text; languages: a comma-separated list; yesno: boolean. */
  kind: "choice" | "text" | "languages" | "yesno";
  options?: readonly string[];
}

export const STANDARD_QUESTIONS: readonly StandardQuestion[] = [
  {
    id: "ageBand",
    label: "Your age",
    kind: "choice",
    options: ["18–24", "25–34", "35–44", "45–54", "55–64", "65 or over", "Prefer not to say"],
  },
  {
    id: "gender",
    label: "Your gender",
    kind: "choice",
    options: ["Woman", "Man", "Non-binary", "Prefer not to say"],
  },
  { id: "nativeLanguages", label: "Your native language(s)", kind: "languages" },
  { id: "country", label: "Country where you live", kind: "text" },
  {
    id: "device",
    label: "What are you listening with?",
    kind: "choice",
    options: [
      "Over-ear or on-ear headphones",
      "Earbuds",
      "Computer speakers",
      "Phone speaker",
      "Other",
    ],
  },
  { id: "headphones", label: "Are you wearing headphones now?", kind: "yesno" },
  {
    id: "hearingImpairment",
    label: "Do you have a known hearing impairment?",
    kind: "choice",
    options: ["No", "Yes", "Prefer not to say"],
  },
];

export interface FreeQuestion {
  /**
   * The question's id: its answers are stored under it (`profile.answers[id]`), never under its
   * text, which may repeat another's or be any word ("__proto__"). A study saved before ids had
   * none: its questions are q1, q2 … in their order (as the server's migration 12 moved the
   * answers stored under their texts).
   */
  id: string;
  text: string;
  required: boolean;
}

/** What a free question's id may be: letters, digits, _ and -. */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface IntakeConfig {
  standard: Record<StandardId, Need>;
  free: FreeQuestion[];
}

export const NO_INTAKE: IntakeConfig = {
  standard: {
    ageBand: "off",
    gender: "off",
    nativeLanguages: "off",
    country: "off",
    device: "off",
    headphones: "off",
    hearingImpairment: "off",
  },
  free: [],
};

const NEEDS: readonly Need[] = ["off", "optional", "required"];

/** The study's questionnaire (`study.intake`); anything malformed counts as off. */
export function intakeOf(study: Record<string, unknown>): IntakeConfig {
  const raw = study.intake;
  if (typeof raw !== "object" || raw === null) return NO_INTAKE;
  const r = raw as { standard?: Record<string, unknown>; free?: unknown };
  const standard = { ...NO_INTAKE.standard };
  for (const q of STANDARD_QUESTIONS) {
    const need = r.standard?.[q.id];
    if (NEEDS.includes(need as Need)) standard[q.id] = need as Need;
  }
  const kept = Array.isArray(r.free)
    ? r.free
        .filter(
          (f): f is Record<string, unknown> & { text: string } =>
            typeof f === "object" &&
            f !== null &&
            typeof (f as FreeQuestion).text === "string" &&
            (f as FreeQuestion).text.trim() !== "",
        )
        .slice(0, 20)
    : [];
  // Ids as given when valid and not taken; else q<position>, the next free one.
  const given = new Set(kept.map((f) => f.id).filter((id): id is string => typeof id === "string"));
  const used = new Set<string>();
  const free = kept.map((f, i): FreeQuestion => {
    let id = typeof f.id === "string" && QUESTION_ID_PATTERN.test(f.id) ? f.id : "";
    if (id === "" || used.has(id)) {
      let n = i + 1;
      while (used.has(`q${n}`) || (given.has(`q${n}`) && `q${n}` !== f.id)) n++;
      id = `q${n}`;
    }
    used.add(id);
    return { id, text: f.text.trim().slice(0, 300), required: f.required === true };
  });
  return { standard, free };
}

/** True when the study asks anything. */
export function hasIntake(config: IntakeConfig): boolean {
  return config.free.length > 0 || Object.values(config.standard).some((n) => n !== "off");
}

/** The key of a free question's answer in the form's answers (and the arrival's). */
export const freeKey = (q: FreeQuestion) => `free:${q.id}`;

/** The form's answers: standard ids and `free:<id>` (a free question's id) to text. */
export type Answers = Record<string, string>;

export type Profile = Record<string, unknown>;

/**
 * Checks answers against the questionnaire. Returns the profile to store (`nativeLanguages` a
 * list, `headphones` a boolean, free answers under `answers` keyed by the question's id) or
 * one problem per question, keyed like the answers.
 */
export function checkAnswers(
  config: IntakeConfig,
  answers: Answers,
): { ok: true; profile: Profile } | { ok: false; problems: Record<string, string> } {
  const profile: Profile = {};
  const problems: Record<string, string> = {};
  for (const q of STANDARD_QUESTIONS) {
    const need = config.standard[q.id];
    if (need === "off") continue;
    const value = (answers[q.id] ?? "").trim();
    if (value === "") {
      if (need === "required") problems[q.id] = "Please answer this question.";
      continue;
    }
    if (value.length > 300) {
      problems[q.id] = "Please keep the answer under 300 characters.";
      continue;
    }
    if (q.kind === "choice") {
      if (!q.options?.includes(value)) problems[q.id] = "Please choose one of the answers.";
      else profile[q.id] = value;
    } else if (q.kind === "yesno") {
      if (value !== "yes" && value !== "no") problems[q.id] = "Please answer yes or no.";
      else profile[q.id] = value === "yes";
    } else if (q.kind === "languages") {
      const list = value
        .split(/[,;]/)
        .map((l) => l.trim())
        .filter((l) => l !== "");
      if (list.length === 0 || list.length > 10)
        problems[q.id] = "Please give one to ten languages, separated by commas.";
      else profile[q.id] = list;
    } else profile[q.id] = value;
  }
  // A Map, then own properties: an id such as "__proto__" is a key like any other.
  const free = new Map<string, string>();
  for (const f of config.free) {
    const key = freeKey(f);
    const value = (Object.hasOwn(answers, key) ? (answers[key] ?? "") : "").trim();
    if (value === "") {
      if (f.required) problems[key] = "Please answer this question.";
      continue;
    }
    if (value.length > 2000) {
      problems[key] = "Please keep the answer under 2000 characters.";
      continue;
    }
    free.set(f.id, value);
  }
  if (free.size > 0) profile.answers = Object.fromEntries(free);
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, profile };
}
