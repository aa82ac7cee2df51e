// The protocol report's pieces before formatting (protocol.ts writes them as Markdown or
// LaTeX): the Block shape, the number formats, and the blocks every task shares (who listened,
// the stimuli and the test's setup, consent and instructions, the intake, the exclusions). Each
// task adds its own blocks (markReport.ts, rateReport.ts, transcribeReport.ts, keyed by task in
// taskReports.ts), so that a report states only what its participants were really asked.

import { languageName } from "../i18n/languages.ts";
import type { AnovaRow } from "../stats/anova.ts";
import type { Report } from "../stats/report.ts";
import type { ProtocolFacts, Spread } from "./facts.ts";

/** A heading with its lines: [label, value] items, a verbatim quote, a table, a note. */
export interface Block {
  heading: string;
  items?: [string, string][];
  quote?: string[];
  table?: { head: string[]; rows: string[][]; align: ("l" | "r")[] };
  note?: string;
}

/** How a task names what its participants give and what they were asked (the shared blocks' words). */
export interface TaskTerms {
  /** The task in the report's words. */
  name: string;
  /** Who took part, plural ("raters", "listeners"). */
  people: string;
  /** What each clip received from a participant ("Ratings", "Transcripts"), capitalised, plural. */
  responses: string;
  /** What the language line lists besides consent and instructions ("the rating question"). */
  asked: string;
}

export const NOT_REPORTED = "not reported";

export const num = (x: number | null, digits = 2) => (x === null ? "—" : x.toFixed(digits));
export const pText = (p: number | null) =>
  p === null ? "—" : p === 0 ? "0" : p < 0.001 ? p.toExponential(2) : p.toFixed(3);
export const spreadText = (s: Spread | null) =>
  s === null
    ? NOT_REPORTED
    : s.min === s.max
      ? `${s.median}`
      : `median ${s.median} (${s.min}–${s.max})`;
export const tallyText = (t: Record<string, number>) => {
  const entries = Object.entries(t);
  return entries.length === 0 ? null : entries.map(([k, n]) => `${k} (${n})`).join(", ");
};
const minutes = (s: number | null) => (s === null ? null : `${(s / 60).toFixed(1)} min`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A published figure beside what the data shows: "4 (as published); received median 3 (2–4)". */
function publishedAndSeen(published: number | undefined, seen: Spread | null, verb: string) {
  const stated =
    published === undefined ? `${NOT_REPORTED} as published` : `${published} as published`;
  return seen === null ? stated : `${stated}; ${verb}: ${spreadText(seen)}`;
}

/**
 * The two-factor ANOVAs (ratings or WER) as a table; when no F could be estimated (as with one
 * observation per cell), that is what it says. None without rows (nothing to fit).
 */
export function anovaBlock(heading: string, rows: readonly AnovaRow[]): Block | null {
  if (rows.length === 0) return null;
  if (rows.every((r) => r.F === null)) {
    const df = [...new Set(rows.map((r) => r.dfError))].join(", ");
    return {
      heading,
      items: [["Result", `no F could be estimated (error degrees of freedom: ${df})`]],
    };
  }
  return {
    heading,
    table: anovaTable(rows),
    note: "Type II sums of squares with the interaction; partial η² per term (docs/spec/statistics.md).",
  };
}

function anovaTable(rows: readonly AnovaRow[]): NonNullable<Block["table"]> {
  return {
    head: ["Model", "Term", "df", "df (error)", "F", "p", "Partial η²"],
    align: ["l", "l", "r", "r", "r", "r", "r"],
    rows: rows.map((r) => [
      r.model === "sentence" ? "System × Sentence" : "System × Listener",
      r.term,
      String(r.df),
      String(r.dfError),
      num(r.F),
      pText(r.p),
      num(r.partialEtaSq, 3),
    ]),
  };
}

/**
 * The blocks every task shares, before the task's own: who listened and how they were found,
 * the stimuli and the test's setup, consent and instructions, the intake questions and their
 * answers, and the exclusions.
 */
export function sharedBlocks(
  f: ProtocolFacts,
  terms: TaskTerms,
  /** The consent page's default text (facts.consentMessage), when the caller has it. */
  defaultConsent?: string,
): Block[] {
  const s = f.settings;
  const pay =
    s.payAmount === undefined
      ? NOT_REPORTED
      : `${s.payAmount.toFixed(2)} ${s.currency ?? ""}`.trim();
  // Each line says over whom it counts: one population per figure (issue 21, item 2).
  const who = `the ${f.raters} ${f.raters === 1 ? terms.people.replace(/s$/, "") : terms.people}`;
  const session = f.sessionSeconds ?? null;
  const perHour = (seconds: number) =>
    `${(((s.payAmount as number) * 3600) / seconds).toFixed(2)} ${s.currency ?? ""} per hour`.replace(
      "  ",
      " ",
    );
  const hourly =
    s.payAmount === undefined
      ? NOT_REPORTED
      : session && session.median > 0
        ? `${perHour(session.median)} (pay ÷ median time from arrival to completion, the ${session.n} who completed)`
        : f.secondsPerRater
          ? `${perHour(f.secondsPerRater)} (pay ÷ median active time on clips of ${who}; the data has no arrival times, so this is an upper bound)`
          : NOT_REPORTED;
  const statuses = tallyText(f.statuses);
  const peopleByStatus = tallyText(f.ratersByStatus ?? {});
  const check = f.screeningConfig;
  const testName = (t: string) => (t === "huggins" ? "Huggins pitch" : t);
  const checkSetting =
    check.test === "off"
      ? f.screening.tested === 0
        ? "none"
        : `${(f.screening.tests ?? []).map(testName).join(", ")} (from the results; the study's settings do not give the trials and pass mark)`
      : `${testName(check.test)} test, ${plural(check.trials, "trial")}, passed with at least ${check.passAt} correct; a fail ended the study`;
  const checkResults =
    f.screening.tested === 0
      ? check.test === "off"
        ? null
        : "none recorded"
      : `${f.screening.tested} tested, ${f.screening.failed} failed (screened out)`;
  const capitalised = `${terms.people.slice(0, 1).toUpperCase()}${terms.people.slice(1)}`;
  const listeners: Block = {
    heading: "Listeners",
    items: [
      ["Platform", s.platform ?? tallyText(f.platforms) ?? NOT_REPORTED],
      ["Recruitment filters", s.recruitment ?? NOT_REPORTED],
      ["Qualification", s.qualification ?? NOT_REPORTED],
      ["Headphone check", checkSetting],
      ...(checkResults === null
        ? []
        : ([["Headphone check results (everyone who took it)", checkResults]] as [
            string,
            string,
          ][])),
      ["Listening setup asked for", s.listening ?? NOT_REPORTED],
      [
        "Participants who arrived, by status",
        f.arrived === undefined
          ? (statuses ?? NOT_REPORTED)
          : `${f.arrived}${statuses ? `: ${statuses}` : ""}`,
      ],
      [
        `${capitalised} (crowd, with at least one finished clip)`,
        `${f.raters}${peopleByStatus ? `: ${peopleByStatus}` : ""}`,
      ],
      [
        `${terms.responses} per clip (R)`,
        publishedAndSeen(f.collection.ratingsPerClip, f.responsesPerClip, "received"),
      ],
      [
        `Clips per participant (${who})`,
        publishedAndSeen(f.collection.clipsPerParticipant, f.clipsPerRater, "finished"),
      ],
      [`Location (${who})`, tallyText(f.countries) ?? NOT_REPORTED],
      [`Native languages (${who})`, tallyText(f.nativeLanguages) ?? NOT_REPORTED],
      ["Pay per participant", pay],
      [
        "Median active time per clip",
        f.secondsPerClip === null ? NOT_REPORTED : `${f.secondsPerClip.toFixed(1)} s`,
      ],
      [
        `Median active time on clips per participant (${who})`,
        minutes(f.secondsPerRater) ?? NOT_REPORTED,
      ],
      [
        session
          ? `Median time from arrival to completion (the ${session.n} who completed)`
          : "Median time from arrival to completion",
        session ? (minutes(session.median) as string) : NOT_REPORTED,
      ],
      ["Effective hourly pay", hourly],
      ["Dates", s.dates ?? NOT_REPORTED],
    ],
  };
  const stimuli: Block = {
    heading: "Stimuli and task",
    items: [
      [
        "Clips",
        `${f.clips} (${f.systems} systems, ${f.sentences} sentences, ${f.referenceClips} reference clips)`,
      ],
      [
        "Language of the test",
        `${languageName(f.language)}: consent, instructions, ${terms.asked} and every page in it${
          f.ownTexts > 0
            ? ` (${plural(f.ownTexts, "interface text")} worded by the researchers)`
            : ""
        }`,
      ],
      ["Task", terms.name],
      ["Plays allowed per clip", f.task.maxPlays === null ? "no limit" : String(f.task.maxPlays)],
      [`Plays per finished clip (recorded, ${who})`, spreadText(f.playsPerClip)],
    ],
  };
  // The study's own consent; else the pages' default for the task, quoted when the caller has
  // the language's catalogue, else named.
  const whose = `in ${languageName(f.language)}; the study gives none of its own`;
  const consent: Block = f.consent
    ? { heading: "Consent (verbatim)", quote: f.consent.split("\n") }
    : defaultConsent
      ? {
          heading: "Consent (verbatim)",
          items: [["Text", `the pages' default for this task, ${whose}`]],
          quote: defaultConsent.split("\n"),
        }
      : {
          heading: "Consent",
          quote: [`The consent text the pages give this task by default, ${whose}.`],
        };
  const instructions: Block[] =
    f.arms.length === 0
      ? [
          {
            heading: "Instructions (verbatim)",
            quote: f.instructions ? f.instructions.split("\n") : [NOT_REPORTED],
          },
        ]
      : [
          {
            heading: "Instruction arms",
            items: [
              [
                "Arms",
                `${f.arms.length} (${f.arms.map((a) => a.id).join(", ")}); each participant who arrived (and passed the headphone check, where there was one) was given the arm with the fewest so far, the first listed among equals`,
              ],
            ],
          },
          ...f.arms.map(
            (arm): Block => ({
              heading: `Instructions of arm “${arm.id}” (verbatim)`,
              items: [
                ["Participants given this arm", String(arm.given)],
                ["Completed the study", String(arm.completed)],
              ],
              quote: arm.instructions.split("\n"),
            }),
          ),
        ];
  const blocks = [listeners, stimuli, consent, ...instructions];
  const intake = intakeBlock(f, who);
  if (intake) blocks.push(intake);
  blocks.push({
    heading: "Exclusions",
    items: [["Excluded by the quality rules", f.exclusions]],
  });
  return blocks;
}

/** The intake questions as asked, and each free question's answers (tallied, verbatim). */
function intakeBlock(f: ProtocolFacts, who: string): Block | null {
  const { standard, free } = f.intake;
  if (standard.length === 0 && free.length === 0) {
    return { heading: "Intake questions", items: [["Asked", "none"]] };
  }
  const items: [string, string][] = [
    [
      "Asked",
      [
        ...standard.map((q) => `${q.label} (${q.need})`),
        ...free.map((q) => `“${q.text}” (${q.required ? "required" : "optional"})`),
      ].join("; "),
    ],
  ];
  for (const q of free) {
    items.push([
      `Answers to “${q.text}” (${who})`,
      q.answered === 0 ? "none" : `${q.answered} answered: ${tallyText(q.answers)}`,
    ]);
  }
  return { heading: "Intake questions", items };
}

/** The rating as participants met it: whether it was required, and the question verbatim. */
export function ratingBlocks(f: ProtocolFacts, required: boolean): Block[] {
  return [
    {
      heading: "Rating",
      items: [["Rating", required ? "required for every clip, 1–5" : "optional, 1–5"]],
    },
    {
      heading: "Rating question (verbatim)",
      quote: [f.ratingScale.question, ...f.ratingScale.labels.map((l, i) => `${i + 1}: ${l}`)],
    },
  ];
}

/** MOS per system, the pairs of systems and (when there are ratings to fit) the ANOVAs. */
export function mosBlocks(report: Report): Block[] {
  const systems = Object.keys(report.mos.bySystem);
  const out: Block[] = [
    {
      heading: "MOS per system",
      table: {
        head: ["System", "Ratings", "Raters", "MOS", "95% CI (t)"],
        align: ["l", "r", "r", "r", "r"],
        rows: systems.map((name) => {
          const m = report.mos.bySystem[name];
          return [
            name,
            String(m?.n ?? 0),
            String(m?.raters ?? 0),
            num(m?.mean ?? null),
            m?.ci95 ? `[${num(m.ci95[0])}, ${num(m.ci95[1])}]` : "—",
          ];
        }),
      },
      note: "Student-t interval over all ratings of the system (docs/spec/statistics.md).",
    },
  ];
  if (report.mos.pairs.length > 0) {
    out.push({
      heading: "Pairwise differences (MOS)",
      table: {
        head: ["a − b", "Sentences", "Mean diff.", "p", "p (Holm)"],
        align: ["l", "r", "r", "r", "r"],
        rows: report.mos.pairs.map((p) => [
          `${p.a} − ${p.b}`,
          String(p.sentences),
          num(p.meanDiff),
          pText(p.p),
          pText(p.pHolm),
        ]),
      },
      note: "Wilcoxon signed-rank test on per-sentence mean ratings, two-sided; Holm's correction over all tested pairs.",
    });
  }
  const anova = anovaBlock("Two-factor ANOVAs of the ratings", report.mos.anova);
  if (anova) out.push(anova);
  return out;
}
