// The protocol report (issue 9, item 5): the methods section of a listening test, written from
// the study and its data, every detail Chiang et al. (Interspeech 2023) found papers leave out.
// What the researcher has not given is said to be "not reported", never left out. Two steps:
// protocolFacts(file) gathers what the report needs (cheap; the analysis worker sends it to the
// page), protocolReport(facts, report, format) writes Markdown or LaTeX.

import { languageName, languageOf, participantTextsOf } from "../i18n/languages.ts";
import type { AnnotationFile, StudyTask } from "../interchange/types.ts";
import { median } from "../stats/median.ts";
import type { Report } from "../stats/report.ts";
import { exclusionSummary, type QualityView, qualityRulesOf } from "../study/qualityRules.ts";
import { type RatingScale, ratingScaleOf } from "../study/ratingScale.ts";
import { DEFAULT_MAX_PLAYS, taskOf, transcriptionOf } from "../study/studyTask.ts";
import { type ProtocolSettings, protocolOf } from "./protocolSettings.ts";

export { PROTOCOL_KEYS, type ProtocolSettings, protocolOf } from "./protocolSettings.ts";

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface ProtocolFacts {
  studyName: string;
  instructions: string | null;
  ratingScale: RatingScale;
  requireRating: boolean;
  /** The language the participant's pages were given in (`study.language`, BCP 47). */
  language: string;
  /** How many texts of those pages the researcher worded themselves (`study.participantTexts`). */
  ownTexts: number;
  settings: ProtocolSettings;
  clips: number;
  systems: number;
  sentences: number;
  referenceClips: number;
  /**
   * Crowd annotators with at least one submission: the population of the intake summaries
   * (countries, native languages), the clips and ratings per rater and the active time.
   */
  raters: number;
  /** The raters by `status` (completed, returned, started; none for a file without statuses). */
  ratersByStatus?: Record<string, number>;
  /** Every crowd participant who arrived (raters, screened out, returned, abandoned). */
  arrived?: number;
  experts: number;
  /** Platforms the crowd came through (annotators' `platform.name`), with counts. */
  platforms: Record<string, number>;
  /** Crowd annotators by `status` (completed, returned, screened-out, started). */
  statuses: Record<string, number>;
  /** Headphone screening: participants tested and failed (annotators' `screening`), over everyone who took it. */
  screening: { tested: number; failed: number };
  /**
   * Median minutes from arrival to completion (annotators' `arrivedAt`, `finishedAt`) over the
   * participants who completed with both times (`n`); null when none has them.
   */
  sessionSeconds?: { median: number; n: number } | null;
  /** Rated submissions per clip with at least one, and per rater. */
  ratingsPerClip: Spread | null;
  clipsPerRater: Spread | null;
  /** Median active seconds per finished clip, and per rater (all their clips). */
  secondsPerClip: number | null;
  secondsPerRater: number | null;
  /** Countries and native languages from the intake (annotators' `profile`), over the raters. */
  countries: Record<string, number>;
  nativeLanguages: Record<string, number>;
  /** The quality rules' verdict, in words (domain/study/qualityRules.ts). */
  exclusions: string;
  /**
   * What participants did, and for an intelligibility test its settings and the recognisers
   * (role asr) with their engines. Optional: older answers lack it.
   */
  task?: {
    task: StudyTask;
    maxPlays: number;
    unit: "word" | "character";
    recognisers: { id: string; engine: string | null }[];
  };
}

function spread(values: readonly number[]): Spread | null {
  const m = median(values);
  if (m === null) return null;
  return { median: m, min: Math.min(...values), max: Math.max(...values) };
}

function tally(values: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = Object.create(null);
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * What the protocol report needs from the study and its data. `quality` is what the study's
 * quality rules made of it and whether the figures leave those raters out; without it the
 * rules are taken as applied to nobody.
 */
export function protocolFacts(
  file: AnnotationFile,
  quality?: { view: Pick<QualityView, "rules" | "excluded">; applied: boolean },
): ProtocolFacts {
  const crowd = file.annotators.filter((a) => a.role === "crowd");
  const crowdIds = new Set(crowd.map((a) => a.id));
  const crowdSubs = file.submissions.filter((s) => crowdIds.has(s.annotatorId));
  const ratedBy = new Map<string, number>();
  const perClip = new Map<string, number>();
  const secondsOf = new Map<string, number>();
  for (const s of crowdSubs) {
    if (typeof s.score === "number") {
      perClip.set(s.clipId, (perClip.get(s.clipId) ?? 0) + 1);
    }
    ratedBy.set(s.annotatorId, (ratedBy.get(s.annotatorId) ?? 0) + 1);
    if (typeof s.seconds === "number")
      secondsOf.set(s.annotatorId, (secondsOf.get(s.annotatorId) ?? 0) + s.seconds);
  }
  const screened = crowd.filter((a) => (a.screening?.length ?? 0) > 0);
  // One population for the intake summaries: the raters (the people whose ratings are counted).
  const raters = crowd.filter((a) => ratedBy.has(a.id));
  const sessions = crowd
    .filter((a) => a.status === "completed" && a.arrivedAt && a.finishedAt)
    .map((a) => (Date.parse(a.finishedAt as string) - Date.parse(a.arrivedAt as string)) / 1000)
    .filter((s) => Number.isFinite(s) && s >= 0);
  const sessionMedian = median(sessions);
  const instructions = file.study.instructions;
  return {
    studyName: file.study.name,
    instructions:
      typeof instructions === "string" && instructions.trim() ? instructions.trim() : null,
    ratingScale: ratingScaleOf(file.study),
    requireRating: file.study.requireRating === true,
    language: languageOf(file.study),
    ownTexts: Object.keys(participantTextsOf(file.study)).length,
    settings: protocolOf(file.study),
    clips: file.clips.length,
    systems: new Set(file.clips.map((c) => c.system).filter((s) => s !== undefined)).size,
    sentences: new Set(file.clips.map((c) => c.sentence).filter((s) => s !== undefined)).size,
    referenceClips: file.clips.filter((c) => c.isReference).length,
    raters: ratedBy.size,
    ratersByStatus: tally(
      raters.map((a) => a.status).filter((n): n is NonNullable<typeof n> => !!n),
    ),
    arrived: crowd.length,
    sessionSeconds: sessionMedian === null ? null : { median: sessionMedian, n: sessions.length },
    experts: file.annotators.filter((a) => a.role === "expert").length,
    platforms: tally(crowd.map((a) => a.platform?.name).filter((n): n is string => !!n)),
    statuses: tally(crowd.map((a) => a.status).filter((n): n is NonNullable<typeof n> => !!n)),
    screening: {
      tested: screened.length,
      failed: screened.filter((a) => a.screening?.some((r) => !r.passed)).length,
    },
    ratingsPerClip: spread([...perClip.values()]),
    clipsPerRater: spread([...ratedBy.values()]),
    secondsPerClip: median(
      crowdSubs.map((s) => s.seconds).filter((x): x is number => typeof x === "number"),
    ),
    secondsPerRater: median([...secondsOf.values()]),
    countries: tally(
      raters
        .map((a) => a.profile?.country)
        .filter((c): c is string => typeof c === "string" && c.trim() !== ""),
    ),
    task: {
      task: taskOf(file.study),
      maxPlays: transcriptionOf(file.study).maxPlays ?? DEFAULT_MAX_PLAYS,
      unit: transcriptionOf(file.study).unit ?? "word",
      recognisers: file.annotators
        .filter((a) => a.role === "asr")
        .map((a) => ({ id: a.id, engine: a.engine ?? null })),
    },
    exclusions: exclusionSummary(
      quality?.view ?? { rules: qualityRulesOf(file.study), excluded: [] },
      quality?.applied ?? false,
      crowd.filter((a) => ratedBy.has(a.id) || file.regions.some((r) => r.annotatorId === a.id))
        .length,
    ),
    nativeLanguages: tally(
      raters.flatMap((a) => {
        const langs = a.profile?.nativeLanguages;
        return Array.isArray(langs) ? langs.filter((l): l is string => typeof l === "string") : [];
      }),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing it

export type ProtocolFormat = "markdown" | "latex";

const NOT_REPORTED = "not reported";

const num = (x: number | null, digits = 2) => (x === null ? "—" : x.toFixed(digits));
const pText = (p: number | null) =>
  p === null ? "—" : p === 0 ? "0" : p < 0.001 ? p.toExponential(2) : p.toFixed(3);
const spreadText = (s: Spread | null) =>
  s === null
    ? NOT_REPORTED
    : s.min === s.max
      ? `${s.median}`
      : `median ${s.median} (${s.min}–${s.max})`;
const tallyText = (t: Record<string, number>) => {
  const entries = Object.entries(t);
  return entries.length === 0 ? null : entries.map(([k, n]) => `${k} (${n})`).join(", ");
};
const minutes = (s: number | null) => (s === null ? null : `${(s / 60).toFixed(1)} min`);

/** The lines of the report as [label, value] pairs and tables, before formatting. */
interface Block {
  heading: string;
  items?: [string, string][];
  quote?: string[];
  table?: { head: string[]; rows: string[][]; align: ("l" | "r")[] };
  note?: string;
}

function blocks(f: ProtocolFacts, report: Report): Block[] {
  const s = f.settings;
  const pay =
    s.payAmount === undefined
      ? NOT_REPORTED
      : `${s.payAmount.toFixed(2)} ${s.currency ?? ""}`.trim();
  // Each line says over whom it counts: one population per figure (issue 21, item 2).
  const raterWho = `the ${f.raters} rater${f.raters === 1 ? "" : "s"}`;
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
          ? `${perHour(f.secondsPerRater)} (pay ÷ median active time on clips of ${raterWho}; the data has no arrival times, so this is an upper bound)`
          : NOT_REPORTED;
  const statuses = tallyText(f.statuses);
  const ratersByStatus = tallyText(f.ratersByStatus ?? {});
  const screening =
    f.screening.tested === 0
      ? NOT_REPORTED
      : `${f.screening.tested} tested, ${f.screening.failed} failed (screened out)`;
  const systems = Object.keys(report.mos.bySystem);
  const listeners: Block = {
    heading: "Listeners",
    items: [
      ["Platform", s.platform ?? tallyText(f.platforms) ?? NOT_REPORTED],
      ["Recruitment filters", s.recruitment ?? NOT_REPORTED],
      ["Qualification", s.qualification ?? NOT_REPORTED],
      ["Headphone screening (everyone who took it)", screening],
      ["Listening setup asked for", s.listening ?? NOT_REPORTED],
      [
        "Participants who arrived, by status",
        f.arrived === undefined
          ? (statuses ?? NOT_REPORTED)
          : `${f.arrived}${statuses ? `: ${statuses}` : ""}`,
      ],
      [
        "Raters (crowd, with at least one finished clip)",
        `${f.raters}${ratersByStatus ? `: ${ratersByStatus}` : ""}`,
      ],
      ["Ratings per clip", spreadText(f.ratingsPerClip)],
      [`Clips per rater (${raterWho})`, spreadText(f.clipsPerRater)],
      [`Rater location (${raterWho})`, tallyText(f.countries) ?? NOT_REPORTED],
      [`Native languages (${raterWho})`, tallyText(f.nativeLanguages) ?? NOT_REPORTED],
      ["Pay per participant", pay],
      [
        "Median active time per clip",
        f.secondsPerClip === null ? NOT_REPORTED : `${f.secondsPerClip.toFixed(1)} s`,
      ],
      [
        `Median active time on clips per participant (${raterWho})`,
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
  const task: Block = {
    heading: "Stimuli and task",
    items: [
      [
        "Clips",
        `${f.clips} (${f.systems} systems, ${f.sentences} sentences, ${f.referenceClips} reference clips)`,
      ],
      [
        "Language of the test",
        `${languageName(f.language)}: consent, instructions, rating question and every page in it${
          f.ownTexts > 0
            ? ` (${f.ownTexts} interface text${f.ownTexts === 1 ? "" : "s"} worded by the researchers)`
            : ""
        }`,
      ],
      ["Task", f.task ? TASK_NAMES[f.task.task] : NOT_REPORTED],
      ["Rating", f.requireRating ? "required for every clip, 1–5" : "optional, 1–5"],
      ["Experts labelling reasons", String(f.experts)],
    ],
  };
  const instructions: Block = {
    heading: "Instructions (verbatim)",
    quote: f.instructions ? f.instructions.split("\n") : [NOT_REPORTED],
  };
  const scale: Block = {
    heading: "Rating question (verbatim)",
    quote: [f.ratingScale.question, ...f.ratingScale.labels.map((l, i) => `${i + 1}: ${l}`)],
  };
  const exclusions: Block = {
    heading: "Exclusions",
    items: [["Raters excluded by the quality rules", f.exclusions]],
  };
  const mos: Block = {
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
  };
  const pairs: Block = {
    heading: "Pairwise differences",
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
  };
  const a = report.agreement;
  const c = report.correlation;
  const agreement: Block = {
    heading: "Agreement and correlation",
    items: [
      [`Mean pairwise Cohen's kappa (${report.binSeconds} s bins)`, num(a.meanPairwiseKappa, 3)],
      ["Krippendorff's alpha (nominal, bins)", num(a.krippendorffAlpha, 3)],
      [
        "Pearson r, score vs unnatural length",
        c.pearson === null
          ? "—"
          : `${num(c.pearson, 3)} (p = ${pText(c.p)}, 95% CI ${c.ci95 ? `[${num(c.ci95[0], 3)}, ${num(c.ci95[1], 3)}]` : "—"}, n = ${c.n})`,
      ],
      ["Spearman rho", num(c.spearman, 3)],
    ],
  };
  const out = [listeners, task, instructions, scale, exclusions, mos, pairs, agreement];
  const it = report.intelligibility;
  if (f.task?.task === "transcribe" || it) out.push(intelligibilityBlock(f, report));
  return out;
}

const TASK_NAMES = {
  mark: "mark unnatural spans (and rate)",
  rate: "rate only (ACR / MOS)",
  transcribe: "transcribe what was heard (intelligibility, SUS)",
  compare: "judge pairs (A/B preference or CCR / CMOS)",
} as const;

/** The intelligibility test (Taylor & Richmond's reporting): settings, then WER per system. */
function intelligibilityBlock(f: ProtocolFacts, report: Report): Block {
  const t = f.task;
  const it = report.intelligibility;
  const unit = t?.unit ?? it?.unit ?? "word";
  const recognisers = t?.recognisers ?? [];
  const systems = it ? Object.keys(it.bySystem) : [];
  return {
    heading: "Intelligibility test",
    items: [
      ["Task", t ? TASK_NAMES[t.task] : NOT_REPORTED],
      ["Plays allowed per clip", t ? String(t.maxPlays) : NOT_REPORTED],
      [
        "Unit and normalisation",
        `${unit === "word" ? "words (space-separated)" : "characters (code points, spaces left out)"}; Unicode NFC, lower case, ’ and ʼ as ', every character other than a letter, mark, number or ' as a space`,
      ],
      [
        "Transcripts scored",
        it
          ? `${it.scored} (${it.unscored} not scored: no text with tokens)`
          : "none (no clip text)",
      ],
      [
        "Recognisers (role asr, never counted as listeners)",
        recognisers.length === 0
          ? "none"
          : recognisers.map((r) => (r.engine ? `${r.id} (${r.engine})` : r.id)).join(", "),
      ],
    ],
    table: {
      head: ["System", "Stimuli", "Listeners", "Transcripts", "WER", "95% CI (bootstrap)"],
      align: ["l", "r", "r", "r", "r", "r"],
      rows: systems.map((name) => {
        const s = it?.bySystem[name];
        return [
          name,
          String(s?.stimuli ?? 0),
          String(s?.listeners ?? 0),
          String(s?.transcripts ?? 0),
          s ? `${(100 * s.wer).toFixed(1)}%` : "—",
          s ? `[${(100 * s.ci95[0]).toFixed(1)}%, ${(100 * s.ci95[1]).toFixed(1)}%]` : "—",
        ];
      }),
    },
    note: "WER pooled per system (errors over reference tokens, as sclite's Err); bootstrap over stimuli; pairs by the Wilcoxon signed-rank test on per-stimulus WER with Holm's correction (docs/spec/statistics.md).",
  };
}

function markdown(f: ProtocolFacts, report: Report): string {
  const out = [`# Protocol report: ${f.studyName}`, ""];
  out.push(
    'Written by RedPen Annotator from the study and its data. "not reported" marks a detail the study does not give; add it in the study\'s settings.',
    "",
  );
  const cell = (t: string) => t.replace(/\|/g, "\\|");
  for (const b of blocks(f, report)) {
    out.push(`## ${b.heading}`, "");
    for (const [k, v] of b.items ?? []) out.push(`- **${k}:** ${v}`);
    if (b.quote) for (const line of b.quote) out.push(`> ${line}`, ">");
    if (b.quote) out.pop();
    if (b.table) {
      // A table right after a list would be read as part of its last item.
      if (b.items) out.push("");
      if (b.table.rows.length === 0) out.push("(none)");
      else {
        out.push(`| ${b.table.head.map(cell).join(" | ")} |`);
        out.push(`| ${b.table.align.map((x) => (x === "r" ? "---:" : "---")).join(" | ")} |`);
        for (const r of b.table.rows) out.push(`| ${r.map(cell).join(" | ")} |`);
      }
    }
    if (b.note) out.push("", b.note);
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** Escapes text for LaTeX. */
export function latexEscape(text: string): string {
  // One pass, so that what one replacement writes is not escaped again by another.
  const map: Record<string, string> = {
    "\\": "\\textbackslash{}",
    "&": "\\&",
    "%": "\\%",
    $: "\\$",
    "#": "\\#",
    _: "\\_",
    "{": "\\{",
    "}": "\\}",
    "~": "\\textasciitilde{}",
    "^": "\\textasciicircum{}",
    "−": "--",
    "–": "--",
    "÷": "$\\div$",
  };
  return text.replace(/[\\&%$#_{}~^−–÷]/g, (c) => map[c] ?? c);
}

function latex(f: ProtocolFacts, report: Report): string {
  const e = latexEscape;
  const out = [
    `% Protocol report: ${f.studyName.replace(/\n/g, " ")} (written by RedPen Annotator; needs booktabs)`,
    `\\subsection*{Listening test protocol: ${e(f.studyName)}}`,
    "",
  ];
  for (const b of blocks(f, report)) {
    out.push(`\\paragraph{${e(b.heading)}}`);
    if (b.items) {
      out.push("\\begin{itemize}");
      for (const [k, v] of b.items) out.push(`  \\item \\textbf{${e(k)}:} ${e(v)}`);
      out.push("\\end{itemize}");
    }
    if (b.quote) {
      out.push("\\begin{quote}");
      out.push(b.quote.map(e).join(" \\\\\n"));
      out.push("\\end{quote}");
    }
    if (b.table) {
      if (b.table.rows.length === 0) out.push("(none)");
      else {
        out.push(`\\begin{tabular}{${b.table.align.join("")}}`, "\\toprule");
        out.push(`${b.table.head.map(e).join(" & ")} \\\\`, "\\midrule");
        for (const r of b.table.rows) out.push(`${r.map(e).join(" & ")} \\\\`);
        out.push("\\bottomrule", "\\end{tabular}");
      }
    }
    if (b.note) out.push("", e(b.note));
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** The protocol report in Markdown or LaTeX. */
export function protocolReport(
  facts: ProtocolFacts,
  report: Report,
  format: ProtocolFormat,
): string {
  return format === "latex" ? latex(facts, report) : markdown(facts, report);
}
