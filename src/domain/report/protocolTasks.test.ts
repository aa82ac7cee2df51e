// The protocol report per task, table-driven (issue 36, problem 4): for a span-marking study, a
// rate-only study and a transcription study with the same listeners, settings and clips, every
// line the report prints is compared with what is true of that study's settings and data
// (hand-worked below), and every setting that shaped what participants saw is reported, after
// Chiang et al.'s checklist: platform, screening, intake, consent and instructions, the scale
// or question, plays, clips per participant, R, pay and time, language. A transcription study
// asks no rating: its report names none.
import { describe, expect, test } from "vitest";
import { messagesOf } from "../i18n/allCatalogues.ts";
import type { AnnotationFile, StudyTask as AnyTask, Submission } from "../interchange/types.ts";

/** The tasks a study collects from participants (a comparison's report is tested in compareReport.test.ts). */
type StudyTask = Exclude<AnyTask, "compare">;

import { computeReport } from "../stats/index.ts";
import { latexEscape, pageTextsFor, protocolFacts, protocolReport } from "./protocol.ts";

const FREE_QUESTION = "Have you heard synthetic speech before?";

/**
 * 2 systems × 2 sentences, published with K = 2 and R = 1; three arrivals: p1 and p2 each
 * finish two clips, p3 fails the antiphase check. What each task's participants gave: a
 * rating (mark, rate), spans (mark), a transcript (transcribe).
 */
function study(task: StudyTask): AnnotationFile {
  const texts: Record<string, string> = { s1: "một hai ba", s2: "bốn năm sáu" };
  const clips = ["A_s1", "A_s2", "B_s1", "B_s2"].map((id) => ({
    id,
    name: `${id}.wav`,
    duration: 2,
    system: id.slice(0, 1),
    sentence: id.slice(2),
    text: texts[id.slice(2)] as string,
  }));
  // clip, participant, rating, transcript, plays, seconds
  const work: [string, string, number, string, number, number][] = [
    ["A_s1", "p1", 5, "một hai ba", 2, 10],
    ["B_s2", "p1", 2, "bốn năm", 1, 20],
    ["B_s1", "p2", 3, "một ba", 2, 30],
    ["A_s2", "p2", 4, "bốn năm sáu", 2, 40],
  ];
  const submissions = work.map(
    ([clipId, annotatorId, score, transcript, playCount, seconds]): Submission => ({
      clipId,
      annotatorId,
      playCount,
      seconds,
      heardToEnd: true,
      ...(task === "transcribe" ? { transcript } : { score }),
    }),
  );
  const person = (
    id: string,
    status: "completed" | "screened-out",
    correct: number,
    langs: string[],
    answer: string | null,
    finished: string | null,
  ) => ({
    id,
    role: "crowd" as const,
    platform: { name: "prolific", participantId: `PID-${id}` },
    status,
    arrivedAt: "2026-11-25T10:00:00.000Z",
    ...(finished ? { finishedAt: finished } : {}),
    profile: {
      nativeLanguages: langs,
      device: "Earbuds",
      ...(answer ? { answers: { [FREE_QUESTION]: answer } } : {}),
    },
    screening: [{ test: "antiphase" as const, trials: 6, correct, passed: correct >= 5 }],
  });
  const language = { mark: "en", rate: "de", transcribe: "vi" }[task];
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: `s-${task}`,
      name: `Study ${task}`,
      binSeconds: 0.1,
      ...(task === "mark" ? { requireRating: true } : {}),
      ...(task === "mark" ? {} : { task }),
      ...(task === "transcribe"
        ? { transcription: { maxPlays: 2, groupBy: "nativeLanguages" } }
        : {}),
      ...(language === "en" ? {} : { language }),
      instructions: "Use headphones.\nListen to each clip.",
      ...(task === "transcribe" ? { consent: "Tôi đồng ý tham gia." } : {}),
      intake: {
        standard: { nativeLanguages: "required", device: "optional" },
        free: [{ text: FREE_QUESTION, required: false }],
      },
      screening: { test: "antiphase", trials: 6, passAt: 5 },
      collection: {
        clipsPerParticipant: 2,
        ratingsPerClip: 1,
        completionCode: "C0DE",
        ...(task === "mark" ? { consent: "I agree to mark spans." } : {}),
      },
      protocol: {
        platform: "Prolific",
        recruitment: "UK residents",
        payAmount: 1.2,
        currency: "GBP",
        dates: "25 November 2026",
      },
    },
    taxonomy: [{ id: "undefined", label: "Undefined" }],
    clips,
    annotators: [
      person("p1", "completed", 6, ["vi"], "yes", "2026-11-25T10:02:00.000Z"),
      person("p2", "completed", 5, ["vi", "en"], "no", "2026-11-25T10:03:00.000Z"),
      person("p3", "screened-out", 2, ["en"], "yes", null),
      ...(task === "mark" ? [{ id: "e1", role: "expert" as const }] : []),
    ],
    submissions,
    regions:
      task === "mark" ? [{ id: "r1", clipId: "B_s2", annotatorId: "p1", start: 0.5, end: 1 }] : [],
    reasonLabels: [],
  };
}

interface Parsed {
  heading: string;
  lines: string[];
}

/** The Markdown report as its headings, each with every line under it (blank lines and lone ">" left out). */
function parse(md: string): Parsed[] {
  const out: Parsed[] = [];
  for (const line of md.split("\n")) {
    if (line.startsWith("## ")) out.push({ heading: line.slice(3), lines: [] });
    else if (line.trim() !== "" && line !== ">" && out.length > 0)
      out[out.length - 1]?.lines.push(line);
  }
  return out;
}

const TERMS = {
  mark: {
    people: "annotators",
    Person: "Annotators",
    responses: "Annotations",
    task: "mark the spans that sound unnatural (and rate each clip)",
    asked: "the rating question",
    language: "English (en)",
    plays: "no limit",
  },
  rate: {
    people: "raters",
    Person: "Raters",
    responses: "Ratings",
    task: "rate each clip (ACR / MOS)",
    asked: "the rating question",
    language: "German (de)",
    plays: "no limit",
  },
  transcribe: {
    people: "listeners",
    Person: "Listeners",
    responses: "Transcripts",
    task: "transcribe what was heard (intelligibility, SUS)",
    asked: "the transcription prompt",
    language: "Vietnamese (vi)",
    plays: "2",
  },
} as const;

/** The lines every task's report prints about the study's setup, each worked out from `study()`. */
function sharedLines(task: StudyTask): Parsed[] {
  const t = TERMS[task];
  const who = `the 2 ${t.people}`;
  const consent = {
    // mark: the publish settings' consent; transcribe: the study's own; rate: neither, so the
    // rating task's default in German, quoted from the German catalogue.
    mark: ["> I agree to mark spans."],
    rate: [
      "- **Text:** the pages' default for this task, in German (de); the study gives none of its own",
      "> Sie hören kurze Sprachaufnahmen und bewerten jede auf einer Skala von 1 bis 5, als Antwort auf die dazu gestellte Frage. Ihre Antworten werden mit der ID gespeichert, die Ihre Studienplattform diesem Link gegeben hat, und nur für diese Forschung verwendet. Die Teilnahme ist freiwillig: Sie können jederzeit aufhören.",
    ],
    transcribe: ["> Tôi đồng ý tham gia."],
  }[task];
  return [
    {
      heading: "Listeners",
      lines: [
        "- **Platform:** Prolific",
        "- **Recruitment filters:** UK residents",
        "- **Qualification:** not reported",
        "- **Headphone check:** antiphase test, 6 trials, passed with at least 5 correct; a fail ended the study",
        // p1 6/6 and p2 5/6 passed, p3 2/6 failed.
        "- **Headphone check results (everyone who took it):** 3 tested, 1 failed (screened out)",
        "- **Listening setup asked for:** not reported",
        "- **Participants who arrived, by status:** 3: completed (2), screened-out (1)",
        `- **${t.Person} (crowd, with at least one finished clip):** 2: completed (2)`,
        // R = 1 published; each of the four clips got one.
        `- **${t.responses} per clip (R):** 1 as published; received: 1`,
        `- **Clips per participant (${who}):** 2 as published; finished: 2`,
        `- **Location (${who}):** not reported`,
        // p1 vi; p2 vi, en (p3, screened out, is not counted).
        `- **Native languages (${who}):** en (1), vi (2)`,
        "- **Pay per participant:** 1.20 GBP",
        // 10, 20, 30, 40 s → 25 s; per participant 30 s and 70 s → 50 s.
        "- **Median active time per clip:** 25.0 s",
        `- **Median active time on clips per participant (${who}):** 0.8 min`,
        // 120 s and 180 s → 150 s; 1.20 × 3600 / 150 = 28.80.
        "- **Median time from arrival to completion (the 2 who completed):** 2.5 min",
        "- **Effective hourly pay:** 28.80 GBP per hour (pay ÷ median time from arrival to completion, the 2 who completed)",
        "- **Dates:** 25 November 2026",
      ],
    },
    {
      heading: "Stimuli and task",
      lines: [
        "- **Clips:** 4 (2 systems, 2 sentences, 0 reference clips)",
        `- **Language of the test:** ${t.language}: consent, instructions, ${t.asked} and every page in it`,
        `- **Task:** ${t.task}`,
        `- **Plays allowed per clip:** ${t.plays}`,
        // playCount 2, 1, 2, 2.
        `- **Plays per finished clip (recorded, ${who}):** median 2 (1–2)`,
      ],
    },
    { heading: "Consent (verbatim)", lines: consent },
    { heading: "Instructions (verbatim)", lines: ["> Use headphones.", "> Listen to each clip."] },
    {
      heading: "Intake questions",
      lines: [
        `- **Asked:** Your native language(s) (required); What are you listening with? (optional); “${FREE_QUESTION}” (optional)`,
        // p1 "yes", p2 "no"; p3's "yes" is not a rater's.
        `- **Answers to “${FREE_QUESTION}” (${who}):** 2 answered: no (1), yes (1)`,
      ],
    },
    {
      heading: "Exclusions",
      lines: ["- **Excluded by the quality rules:** none: no quality rule is on"],
    },
  ];
}

/** MOS as hand-worked: A = 5, 4 → 4.50 ± t(1) 12.706 × 0.5; B = 2, 3 → 2.50; A − B = 2 on both sentences. */
function mosLines(file: AnnotationFile, scale: string[]): Parsed[] {
  const pair = computeReport(file).mos.pairs[0];
  const p = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(3));
  return [
    { heading: "Rating", lines: ["- **Rating:** required for every clip, 1–5"] },
    { heading: "Rating question (verbatim)", lines: scale.map((l) => `> ${l}`) },
    {
      heading: "MOS per system",
      lines: [
        "| System | Ratings | Raters | MOS | 95% CI (t) |",
        "| --- | ---: | ---: | ---: | ---: |",
        "| A | 2 | 2 | 4.50 | [-1.85, 10.85] |",
        "| B | 2 | 2 | 2.50 | [-3.85, 8.85] |",
        "Student-t interval over all ratings of the system (docs/spec/statistics.md).",
      ],
    },
    {
      heading: "Pairwise differences (MOS)",
      lines: [
        "| a − b | Sentences | Mean diff. | p | p (Holm) |",
        "| --- | ---: | ---: | ---: | ---: |",
        `| A − B | 2 | 2.00 | ${p(pair?.p)} | ${p(pair?.pHolm)} |`,
        "Wilcoxon signed-rank test on per-sentence mean ratings, two-sided; Holm's correction over all tested pairs.",
      ],
    },
    {
      // One rating per system × sentence and per system × listener cell: no error df.
      heading: "Two-factor ANOVAs of the ratings",
      lines: ["- **Result:** no F could be estimated (error degrees of freedom: 0)"],
    },
  ];
}

const ENGLISH_SCALE = [
  "How natural (i.e. human-sounding) is this recording?",
  "1: Bad – Very unnatural speech",
  "2: Poor – Unnatural speech",
  "3: Fair – Neither natural nor unnatural speech",
  "4: Good – Natural speech",
  "5: Excellent – Completely natural speech",
];
const GERMAN_SCALE = [
  "Wie natürlich (d. h. menschlich klingend) ist diese Aufnahme?",
  "1: Schlecht – Sehr unnatürliche Sprache",
  "2: Dürftig – Unnatürliche Sprache",
  "3: Ordentlich – Weder natürliche noch unnatürliche Sprache",
  "4: Gut – Natürliche Sprache",
  "5: Ausgezeichnet – Vollkommen natürliche Sprache",
];

/** Each task's own lines after the shared ones. */
const TASK_LINES: Record<StudyTask, (file: AnnotationFile) => Parsed[]> = {
  mark: (file) => {
    const [rating, question, ...results] = mosLines(file, ENGLISH_SCALE);
    const c = computeReport(file).correlation;
    return [
      rating as Parsed,
      question as Parsed,
      { heading: "Experts", lines: ["- **Experts labelling reasons:** 1"] },
      ...results,
      {
        heading: "Agreement and correlation",
        lines: [
          // One annotator per clip (R = 1): no pair to agree.
          "- **Mean pairwise Cohen's kappa (0.1 s bins):** —",
          "- **Krippendorff's alpha (nominal, bins):** —",
          `- **Pearson r, score vs unnatural length:** ${c.pearson?.toFixed(3)} (p = ${c.p?.toFixed(3)}, 95% CI [${c.ci95?.[0].toFixed(3)}, ${c.ci95?.[1].toFixed(3)}], n = 4)`,
          `- **Spearman rho:** ${c.spearman?.toFixed(3)}`,
        ],
      },
    ];
  },
  rate: (file) => mosLines(file, GERMAN_SCALE),
  transcribe: (file) => {
    const pair = computeReport(file).intelligibility?.pairs[0];
    const p = (x: number | null | undefined) =>
      x === null || x === undefined ? "—" : x.toFixed(3);
    return [
      {
        heading: "Transcription",
        lines: [
          "- **Prompt on screen:** the pages' own prompt in the test's language (English: “What did you hear?”), a text box with spell check, autocorrect and autocomplete off",
          "- **Finishing a clip:** only after it was heard to its end",
          "- **Unit and normalisation:** words (space-separated); Unicode NFC, lower case, ’ and ʼ as ', every character other than a letter, mark, number or ' as a space",
          "- **Transcripts scored:** 4 (0 not scored: no text with tokens)",
          "- **Recognisers (role asr, never counted as listeners):** none",
        ],
      },
      {
        // A: no error in 6 words; B: one deletion in each sentence, 2 of 6.
        heading: "WER per system",
        lines: [
          "| System | Stimuli | Listeners | Transcripts | WER | 95% CI (bootstrap) |",
          "| --- | ---: | ---: | ---: | ---: | ---: |",
          "| A | 2 | 2 | 2 | 0.0% | [0.0%, 0.0%] |",
          "| B | 2 | 2 | 2 | 33.3% | [33.3%, 33.3%] |",
          "WER pooled per system (errors over reference tokens, as sclite's Err); 95% interval by the bootstrap over stimuli (docs/spec/statistics.md).",
        ],
      },
      {
        heading: "Pairwise differences (WER)",
        lines: [
          "| a − b | Stimuli | Mean diff. (WER) | p | p (Holm) | Differ at α = 0.05 |",
          "| --- | ---: | ---: | ---: | ---: | --- |",
          `| A − B | 2 | -33.3 points | ${p(pair?.p)} | ${p(pair?.pHolm)} | no |`,
          "Wilcoxon signed-rank test on per-stimulus WER, two-sided; Holm's correction over all tested pairs.",
        ],
      },
      {
        heading: "Systems that cannot be told apart",
        lines: [
          "- **Group 1:** A, B",
          "Each group is a run of systems, in order of WER, in which no pair differs at α = 0.05 (Holm).",
        ],
      },
      {
        // p1 (vi) heard A_s1 and B_s2, p2 (vi, en) B_s1 and A_s2.
        heading: "WER by listener group (nativeLanguages)",
        lines: [
          "| Group | System | Transcripts | WER |",
          "| --- | --- | ---: | ---: |",
          "| en,vi | A | 1 | 0.0% |",
          "| en,vi | B | 1 | 33.3% |",
          "| vi | A | 1 | 0.0% |",
          "| vi | B | 1 | 33.3% |",
        ],
      },
      {
        heading: "Two-factor ANOVAs of the transcripts' WER",
        lines: ["- **Result:** no F could be estimated (error degrees of freedom: 0)"],
      },
    ];
  },
};

/** The report as the command line writes it: quoting the pages' texts in the study's language. */
function quoting(file: AnnotationFile): string {
  const facts = protocolFacts(file);
  const texts = pageTextsFor(facts, messagesOf(facts.language));
  return protocolReport(facts, computeReport(file), "markdown", texts);
}

const report = (task: StudyTask) => quoting(study(task));

/** Chiang et al.'s checklist: where each setting that shaped what participants saw is reported. */
const CHECKLIST: Record<StudyTask, [string, string, RegExp][]> = {
  mark: [],
  rate: [],
  transcribe: [],
};
for (const task of ["mark", "rate", "transcribe"] as const) {
  const t = TERMS[task];
  CHECKLIST[task] = [
    ["platform", "Listeners", /^- \*\*Platform:\*\* Prolific$/],
    ["screening", "Listeners", /^- \*\*Headphone check:\*\* antiphase test, 6 trials/],
    ["intake", "Intake questions", /^- \*\*Asked:\*\* Your native language/],
    ["consent", "Consent (verbatim)", /^> \S/],
    ["instructions", "Instructions (verbatim)", /^> Use headphones\.$/],
    [
      "scale and question",
      task === "transcribe" ? "Transcription" : "Rating question (verbatim)",
      task === "transcribe" ? /^- \*\*Prompt on screen:\*\*/ : /^> (How|Wie) natürl|^> How natural/,
    ],
    ["plays", "Stimuli and task", new RegExp(`^- \\*\\*Plays allowed per clip:\\*\\* ${t.plays}$`)],
    ["clips per participant", "Listeners", /^- \*\*Clips per participant .*:\*\* 2 as published/],
    [
      "R",
      "Listeners",
      new RegExp(`^- \\*\\*${t.responses} per clip \\(R\\):\\*\\* 1 as published`),
    ],
    ["payment", "Listeners", /^- \*\*Pay per participant:\*\* 1\.20 GBP$/],
    ["time", "Listeners", /^- \*\*Median time from arrival to completion .*:\*\* 2\.5 min$/],
    [
      "language",
      "Stimuli and task",
      new RegExp(`^- \\*\\*Language of the test:\\*\\* ${t.language.replace(/[()]/g, "\\$&")}`),
    ],
  ];
}

describe.each(["mark", "rate", "transcribe"] as const)(
  "the protocol report of a %s study",
  (task) => {
    test("every line it prints is true of the study's settings and data, and none is missing", () => {
      const file = study(task);
      const expected = [...sharedLines(task), ...TASK_LINES[task](file)];
      expect(parse(report(task))).toEqual(expected);
    });

    test.each(CHECKLIST[task].map(([what, heading, line]) => ({ what, heading, line })))(
      "reports $what",
      ({ heading, line }) => {
        const block = parse(report(task)).find((b) => b.heading === heading);
        expect(block?.lines.some((l) => line.test(l))).toBe(true);
      },
    );
  },
);

test("a transcription study's report names no rating, scale or MOS: its listeners were asked none", () => {
  const md = report("transcribe");
  expect(md).not.toMatch(/rating|MOS|1–5|natural \(i\.e\.|tự nhiên/i);
  // Even with requireRating left in its file (as `cli new --task transcribe` once wrote it).
  const file = study("transcribe");
  file.study.requireRating = true;
  expect(protocolReport(protocolFacts(file), computeReport(file), "markdown")).not.toMatch(
    /rating|MOS|1–5/i,
  );
});

test("R and K are not reported when the study does not carry its published settings", () => {
  const file = study("transcribe");
  delete file.study.collection;
  const md = protocolReport(protocolFacts(file), computeReport(file), "markdown");
  expect(md).toContain("- **Transcripts per clip (R):** not reported as published; received: 1");
  expect(md).toContain(
    "- **Clips per participant (the 2 listeners):** not reported as published; finished: 2",
  );
});

test("free intake answers keyed by the question's position are found too", () => {
  const file = study("rate");
  for (const a of file.annotators) {
    const answers = a.profile?.answers as Record<string, string> | undefined;
    if (a.profile && answers) a.profile.answers = { "free:0": answers[FREE_QUESTION] as string };
  }
  expect(report("rate")).toContain("2 answered: no (1), yes (1)");
  expect(protocolReport(protocolFacts(file), computeReport(file), "markdown")).toContain(
    "2 answered: no (1), yes (1)",
  );
});

test("LaTeX of a transcription study: α, η² and ≥ as math, every table in booktabs", () => {
  const file = study("transcribe");
  const tex = protocolReport(protocolFacts(file), computeReport(file), "latex");
  expect(tex).toContain("Differ at $\\alpha$ = 0.05");
  expect(tex).toContain("\\paragraph{WER by listener group (nativeLanguages)}");
  expect(tex).not.toMatch(/[αη²≥]/);
  expect(latexEscape("Partial η², ≥ 95%")).toBe("Partial $\\eta^2$, $\\geq$ 95\\%");
});

test("a free answer is quoted on one line: what a participant typed never starts a line of the report", () => {
  const file = study("rate");
  const p1 = file.annotators.find((a) => a.id === "p1");
  if (p1?.profile) p1.profile.answers = { [FREE_QUESTION]: "yes\n\n## Injected heading\n| a |" };
  const md = protocolReport(protocolFacts(file), computeReport(file), "markdown");
  expect(md).not.toMatch(/^## Injected/m);
  expect(md).toContain("2 answered: no (1), yes ## Injected heading | a | (1)");
});

describe.each(["mark", "rate", "transcribe"] as const)(
  "instruction arms in the report of a %s study",
  (task) => {
    test("each arm's text verbatim, with how many were given it and how many completed it", () => {
      const file = study(task);
      file.study.arms = [
        { id: "natural", instructions: "How natural is it?\nUse headphones." },
        { id: "quality", instructions: "Rate the quality." },
      ];
      // p1 natural and p2 quality completed; p3 (screened out) had none; p4 had natural and
      // returned; p5 had an arm a later publish removed.
      const [p1, p2] = file.annotators;
      if (p1?.profile) p1.profile.arm = "natural";
      if (p2?.profile) p2.profile.arm = "quality";
      file.annotators.push(
        { id: "p4", role: "crowd", status: "returned", profile: { arm: "natural" } },
        { id: "p5", role: "crowd", status: "completed", profile: { arm: "gone" } },
      );
      const parsed = parse(quoting(file));
      const at = parsed.findIndex((b) => b.heading === "Instruction arms");
      expect(parsed.find((b) => b.heading === "Instructions (verbatim)")).toBeUndefined();
      // After consent, as the single text's block stood.
      expect(parsed[at - 1]?.heading).toBe("Consent (verbatim)");
      expect(parsed.slice(at, at + 3)).toEqual([
        {
          heading: "Instruction arms",
          lines: [
            "- **Arms:** 2 (natural, quality); each participant who arrived (and passed the headphone check, where there was one) was given the arm with the fewest so far, the first listed among equals",
          ],
        },
        {
          heading: "Instructions of arm “natural” (verbatim)",
          lines: [
            "- **Participants given this arm:** 2",
            "- **Completed the study:** 1",
            "> How natural is it?",
            "> Use headphones.",
          ],
        },
        {
          heading: "Instructions of arm “quality” (verbatim)",
          lines: [
            "- **Participants given this arm:** 1",
            "- **Completed the study:** 1",
            "> Rate the quality.",
          ],
        },
      ]);
      expect(parsed[at + 3]?.heading).toBe("Intake questions");
    });
  },
);
