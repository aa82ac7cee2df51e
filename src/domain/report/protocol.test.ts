import { describe, expect, test } from "vitest";
import type { AnnotationFile, StudyTask, Submission } from "../interchange/types.ts";
import { computeReport } from "../stats/index.ts";
import { latexEscape, protocolFacts, protocolOf, protocolReport } from "./protocol.ts";

/**
 * 2 systems × 2 sentences; five Prolific arrivals: three raters (one returned the study), one
 * screened out and one who left before finishing a clip. Those two answered the intake too,
 * but are not raters: the intake summaries must not count them.
 */
function study(protocol?: Record<string, unknown>): AnnotationFile {
  const clips = ["A_s1", "A_s2", "B_s1", "B_s2"].map((id) => ({
    id,
    name: `${id}.wav`,
    duration: 2,
    system: id.slice(0, 1),
    sentence: id.slice(2),
    ...(id.startsWith("A") ? { isReference: true } : {}),
  }));
  const sub = (
    clipId: string,
    annotatorId: string,
    score: number,
    seconds: number,
  ): Submission => ({
    clipId,
    annotatorId,
    score,
    seconds,
  });
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "p",
      name: "Pilot & co",
      binSeconds: 0.1,
      requireRating: true,
      instructions: "Listen twice.\nThen rate.",
      ...(protocol ? { protocol } : {}),
    },
    taxonomy: [{ id: "undefined", label: "Undefined" }],
    clips,
    annotators: [
      {
        id: "r1",
        role: "crowd",
        platform: { name: "prolific" },
        status: "completed",
        arrivedAt: "2026-11-25T10:00:00.000Z",
        finishedAt: "2026-11-25T10:01:30.000Z",
        profile: { country: "UK", nativeLanguages: ["English"] },
        screening: [{ test: "huggins", trials: 6, correct: 6, passed: true }],
      },
      {
        id: "r2",
        role: "crowd",
        platform: { name: "prolific" },
        status: "completed",
        arrivedAt: "2026-11-25T10:00:00.000Z",
        finishedAt: "2026-11-25T10:02:10.000Z",
        profile: { country: "Ireland", nativeLanguages: ["English", "Irish"] },
        screening: [{ test: "huggins", trials: 6, correct: 3, passed: false }],
      },
      {
        id: "r3",
        role: "crowd",
        platform: { name: "prolific" },
        status: "returned",
        arrivedAt: "2026-11-25T10:05:00.000Z",
      },
      {
        id: "r4",
        role: "crowd",
        platform: { name: "prolific" },
        status: "screened-out",
        arrivedAt: "2026-11-25T10:06:00.000Z",
        profile: { country: "France", nativeLanguages: ["French"] },
        screening: [{ test: "huggins", trials: 6, correct: 1, passed: false }],
      },
      {
        id: "r5",
        role: "crowd",
        platform: { name: "prolific" },
        status: "started",
        arrivedAt: "2026-11-25T10:07:00.000Z",
        profile: { country: "Germany", nativeLanguages: ["German"] },
      },
      { id: "e1", role: "expert" },
    ],
    submissions: [
      sub("A_s1", "r1", 5, 10),
      sub("B_s1", "r1", 2, 20),
      sub("A_s2", "r1", 4, 30),
      sub("B_s2", "r1", 3, 40),
      sub("A_s1", "r2", 4, 12),
      sub("B_s1", "r2", 1, 18),
      sub("A_s1", "r3", 5, 6),
    ],
    regions: [],
    reasonLabels: [],
  };
}

describe("the protocol's facts", () => {
  test("counted from the data: raters, spreads, medians, who came from where", () => {
    const f = protocolFacts(study());
    expect(f.raters).toBe(3);
    expect(f.experts).toBe(1);
    // ratings per clip: A_s1 3, B_s1 2, A_s2 1, B_s2 1 → median 1.5 (1–3)
    expect(f.ratingsPerClip).toEqual({ median: 1.5, min: 1, max: 3 });
    // clips per rater: 4, 2, 1
    expect(f.clipsPerRater).toEqual({ median: 2, min: 1, max: 4 });
    // seconds per clip: 6 10 12 18 20 30 40 → 18; per rater: 100, 30, 6 → 30
    expect(f.secondsPerClip).toBe(18);
    expect(f.secondsPerRater).toBe(30);
    expect(f.platforms).toEqual({ prolific: 5 });
    // Everyone who arrived, by status; the raters (r1 r2 r3) by theirs.
    expect(f.arrived).toBe(5);
    expect(f.statuses).toEqual({ completed: 2, returned: 1, "screened-out": 1, started: 1 });
    expect(f.ratersByStatus).toEqual({ completed: 2, returned: 1 });
    // The check: everyone who took it (r1 passed; r2 and r4 failed).
    expect(f.screening).toEqual({ tested: 3, failed: 2, tests: ["huggins"] });
    // The intake over the raters only: not r4's France and French, nor r5's Germany and German.
    expect(f.countries).toEqual({ Ireland: 1, UK: 1 });
    // Arrival to completion of the two who completed: 90 s and 130 s → median 110 s.
    expect(f.sessionSeconds).toEqual({ median: 110, n: 2 });
    expect(f.nativeLanguages).toEqual({ English: 2, Irish: 1 });
    expect(f).toMatchObject({ clips: 4, systems: 2, sentences: 2, referenceClips: 2 });
    expect(f.instructions).toBe("Listen twice.\nThen rate.");
  });

  test("protocol settings keep only well-formed values", () => {
    expect(
      protocolOf({ protocol: { platform: " Prolific ", payAmount: -1, currency: 3, dates: "" } }),
    ).toEqual({ platform: "Prolific" });
    expect(protocolOf({ protocol: "x" })).toEqual({});
  });
});

describe("the protocol report", () => {
  test("states the language the test was given in, and quotes the question as listeners saw it", () => {
    const bare = study();
    const vi = {
      ...bare,
      study: { ...bare.study, language: "vi", participantTexts: { "consent.start": "Bắt đầu" } },
    };
    const md = protocolReport(protocolFacts(vi), computeReport(vi), "markdown");
    expect(md).toContain(
      "- **Language of the test:** Vietnamese (vi): consent, instructions, the rating question and every page in it (1 interface text worded by the researchers)",
    );
    expect(md).toContain("> Bản ghi âm này tự nhiên (giống giọng người thật) đến mức nào?");
    expect(md).toContain("> 5: Rất tốt – Giọng nói hoàn toàn tự nhiên");
  });

  test("quotes the researchers' own wording of the consent page's default for the study's task", () => {
    const bare = study();
    const consentOf = (task: StudyTask, texts: Record<string, string>) => {
      const file = { ...bare, study: { ...bare.study, task, participantTexts: texts } };
      const md = protocolReport(protocolFacts(file), computeReport(file), "markdown");
      return md.split("\n").filter((line) => line.startsWith("> ") && /consent|agree/i.test(line));
    };
    // A rating study's page shows "consent.default.rate", worded here by the researchers.
    expect(consentOf("rate", { "consent.default.rate": "I agree to rate recordings." })).toEqual([
      "> I agree to rate recordings.",
    ]);
    // "consent.default" is the span-marking task's default: a rating study's page never shows it.
    expect(consentOf("rate", { "consent.default": "I agree to mark spans." })).toEqual([
      "> The consent text the pages give this task by default, in English (en); the study gives none of its own.",
    ]);
    expect(consentOf("mark", { "consent.default": "I agree to mark spans." })).toEqual([
      "> I agree to mark spans.",
    ]);
  });

  test("quotes the pages' default consent for the study's task when given the pages' messages", () => {
    const bare = study();
    const file = { ...bare, study: { ...bare.study, task: "transcribe" as const } };
    const facts = protocolFacts(file);
    expect(facts.consentMessage).toBe("consent.default.transcribe");
    const md = protocolReport(facts, computeReport(file), "markdown", {
      defaultConsent: "Line one.\nLine two.",
    });
    expect(md).toContain(
      "## Consent (verbatim)\n\n- **Text:** the pages' default for this task, in English (en); the study gives none of its own\n> Line one.\n>\n> Line two.\n",
    );
    // Without them the report names the text and does not call the block verbatim.
    expect(protocolReport(facts, computeReport(file), "markdown")).toContain(
      "## Consent\n\n> The consent text the pages give this task by default, in English (en); the study gives none of its own.\n",
    );
  });

  test("Markdown: what is not given says 'not reported'; the hourly pay from pay and median time", () => {
    const bare = study();
    const md = protocolReport(protocolFacts(bare), computeReport(bare), "markdown");
    expect(md).toContain("- **Recruitment filters:** not reported");
    expect(md).toContain("- **Pay per participant:** not reported");
    expect(md).toContain("- **Effective hourly pay:** not reported");
    expect(md).toContain("- **Platform:** prolific (5)");
    expect(md).toContain(
      "- **Headphone check results (everyone who took it):** 3 tested, 2 failed (screened out)",
    );
    expect(md).toContain(
      "- **Participants who arrived, by status:** 5: completed (2), returned (1), screened-out (1), started (1)",
    );
    expect(md).toContain(
      "- **Annotators (crowd, with at least one finished clip):** 3: completed (2), returned (1)",
    );
    expect(md).toContain("- **Native languages (the 3 annotators):** English (2), Irish (1)");
    expect(md).toContain("- **Location (the 3 annotators):** Ireland (1), UK (1)");
    expect(md).toContain(
      "- **Median time from arrival to completion (the 2 who completed):** 1.8 min",
    );
    expect(md).toContain("> How natural (i.e. human-sounding) is this recording?");
    expect(md).toContain("> 5: Excellent – Completely natural speech");
    expect(md).toContain("> Listen twice.\n>\n> Then rate.");
    expect(md).toContain(
      "- **Language of the test:** English (en): consent, instructions, the rating question and every page in it",
    );

    const full = study({
      platform: "Prolific",
      recruitment: "UK, English first language, approval ≥ 95%",
      payAmount: 1.5,
      currency: "GBP",
    });
    const text = protocolReport(protocolFacts(full), computeReport(full), "markdown");
    expect(text).toContain("- **Platform:** Prolific");
    expect(text).toContain("- **Pay per participant:** 1.50 GBP");
    // 1.50 GBP for a median 110 s from arrival to completion: 1.5 × 3600 / 110 = 49.09 GBP per hour
    expect(text).toContain(
      "- **Effective hourly pay:** 49.09 GBP per hour (pay ÷ median time from arrival to completion, the 2 who completed)",
    );
    // A file without arrival times (local crowd links): the clips' active time, said to be an
    // upper bound: 1.50 GBP for a median 30 s → 180 GBP per hour.
    const noTimes = {
      ...full,
      annotators: full.annotators.map(({ arrivedAt: _a, finishedAt: _f, ...a }) => a),
    };
    expect(protocolReport(protocolFacts(noTimes), computeReport(noTimes), "markdown")).toContain(
      "- **Effective hourly pay:** 180.00 GBP per hour (pay ÷ median active time on clips of the 3 annotators; the data has no arrival times, so this is an upper bound)",
    );
    // MOS: A = 5, 4, 4, 5 → 4.50; B = 2, 3, 1 → 2.00
    expect(text).toMatch(/\| A \| 4 \| 3 \| 4\.50 \| \[/);
    expect(text).toMatch(/\| B \| 3 \| 2 \| 2\.00 \| \[/);
    expect(text).toContain("| A − B | 2 |");
  });

  test("LaTeX: escaped, tables in booktabs", () => {
    const file = study({ recruitment: "50% of 100 & up_to $5 #1 {x}" });
    const tex = protocolReport(protocolFacts(file), computeReport(file), "latex");
    expect(tex).toContain("\\subsection*{Listening test protocol: Pilot \\& co}");
    expect(tex).toContain(
      "\\item \\textbf{Recruitment filters:} 50\\% of 100 \\& up\\_to \\$5 \\#1 \\{x\\}",
    );
    expect(tex).toContain("\\begin{tabular}{lrrrr}");
    expect(tex).toContain("A -- B & 2 &");
    expect(latexEscape("a\\b~^")).toBe("a\\textbackslash{}b\\textasciitilde{}\\textasciicircum{}");
  });
});

test("an intelligibility test: task, plays, unit and normalisation, stimuli and listeners per system, recognisers", () => {
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "sus",
      name: "SUS",
      binSeconds: 0.1,
      task: "transcribe",
      transcription: { maxPlays: 3, unit: "character" },
    },
    taxonomy: [],
    clips: [{ id: "a", name: "a.wav", duration: 2, system: "X", sentence: "s1", text: "你好" }],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "wh", role: "asr", engine: "whisper.cpp ggml-base" },
    ],
    submissions: [
      { clipId: "a", annotatorId: "w1", transcript: "你" },
      { clipId: "a", annotatorId: "wh", transcript: "你好" },
    ],
    regions: [],
    reasonLabels: [],
  };
  const md = protocolReport(protocolFacts(file), computeReport(file), "markdown");
  expect(md).toContain("- **Task:** transcribe what was heard (intelligibility, SUS)");
  expect(md).toContain("- **Plays allowed per clip:** 3");
  expect(md).toContain(
    "- **Unit and normalisation:** characters (code points, spaces left out); Unicode NFC",
  );
  expect(md).toContain(
    "- **Recognisers (role asr, never counted as listeners):** wh (whisper.cpp ggml-base)",
  );
  expect(md).toContain("| X | 1 | 1 | 1 | 50.0% | [50.0%, 50.0%] |");
});
