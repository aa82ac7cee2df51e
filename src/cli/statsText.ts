// `stats FILE` without --json: the report as readable, aligned text tables, in the order the
// study's task shows its figures (domain/tasks, as the analysis screen): a mark study's what the
// data is, how much annotators agree, what the regions say; a rate study's MOS first; a
// transcription test's WER first. The JSON report (`--json`) holds every figure, always.

import type { AnnotationFile } from "../domain/interchange/types.ts";
import type { AnovaRow } from "../domain/stats/anova.ts";
import { transcriptionSettings } from "../domain/stats/intelligibility.ts";
import type { Report } from "../domain/stats/report.ts";
import {
  type FigureId,
  figureData,
  shownFigures,
  taskModule,
  whyNothingScored,
} from "../domain/tasks/index.ts";
import { ownValue } from "../domain/util/idRecord.ts";
import { comparisonSection } from "./comparisonText.ts";
import { fixed, keyValues, pValue, table } from "./tables.ts";

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function datasetSection(report: Report): string[] {
  const d = report.dataset;
  return [
    "Dataset (as in the RedPen paper's Table 1)",
    ...keyValues([
      ["Clips", String(d.clips)],
      ["Annotated clips", String(d.annotatedClips)],
      ["Annotations (clip × annotator)", String(d.annotations)],
      ["Mean duration of annotated clips (s)", fixed(d.meanDuration)],
      ["Regions per annotation", fixed(d.regionsPerAnnotation)],
      ["Mean region length (s)", fixed(d.meanRegionLength)],
      ["Reasons per reason label", fixed(d.reasonLabelsPerRegion)],
    ]),
  ];
}

function agreementSection(report: Report): string[] {
  const a = report.agreement;
  const defined = a.pairs.filter((p) => p.kappa !== null).length;
  return [
    `Agreement (${report.binSeconds} s bins)`,
    ...keyValues([
      [
        "Mean pairwise Cohen's kappa",
        fixed(a.meanPairwiseKappa),
        `headline: unweighted mean over ${count(defined, "annotator pair")} with a defined kappa`,
      ],
      [
        "Per-clip mean kappa",
        fixed(a.perClipMeanKappa),
        a.perClipUndefined > 0 ? `undefined on ${count(a.perClipUndefined, "clip")}` : "",
      ],
      ["Krippendorff's alpha (nominal)", fixed(a.krippendorffAlpha)],
      ["Union fraction (marked by anyone)", fixed(a.unionFraction)],
      ["Overlap fraction (marked by everyone)", fixed(a.overlapFraction)],
    ]),
  ];
}

function pairsSection(report: Report): string[] {
  const pairs = report.agreement.pairs;
  if (pairs.length === 0)
    return ["Pairwise kappa", "  (no two annotators share an annotated clip)"];
  return [
    "Pairwise kappa",
    ...table(
      ["a", "b", "clips", "bins", "kappa"],
      pairs.map((p) => [p.a, p.b, String(p.clips), String(p.bins), fixed(p.kappa)]),
      ["left", "left", "right", "right", "right"],
    ),
  ];
}

function correlationSection(report: Report): string[] {
  const c = report.correlation;
  const ci = c.ci95 === null ? "—" : `[${fixed(c.ci95[0])}, ${fixed(c.ci95[1])}]`;
  return [
    "Score vs. length of unnatural regions (per clip)",
    ...keyValues([
      ["Pearson r", fixed(c.pearson)],
      ["p (two-sided)", pValue(c.p)],
      ["95% CI (Fisher z)", ci],
      ["n (clips with a score)", String(c.n)],
      ["Spearman rho", fixed(c.spearman)],
    ]),
  ];
}

function errorTypesSection(report: Report, file: AnnotationFile): string[] {
  const { overall, bySystem } = report.errorTypes;
  const systems = Object.keys(bySystem);
  const groups = [...systems.map((s) => ownValue(bySystem, s)), overall];
  const labels = new Map(file.taxonomy.map((t) => [t.id, t.label]));
  const ids = Object.keys(overall.perSample);
  const rows = ids.map((id) => [
    labels.get(id) ?? id,
    ...groups.map((g) => fixed(ownValue(g?.perSample, id) ?? null)),
  ]);
  rows.push(["(annotated clips)", ...groups.map((g) => String(g?.clips ?? 0))]);
  return [
    "Error types per system (reasons per annotated clip)",
    ...table(["reason", ...systems, "overall"], rows, [
      "left",
      ...groups.map(() => "right" as const),
    ]),
  ];
}

function annotatorsSection(report: Report, file: AnnotationFile): string[] {
  if (report.annotators.length === 0) return ["Annotator quality", "  (no annotators)"];
  const roles = new Map(file.annotators.map((a) => [a.id, a.role]));
  return [
    "Annotator quality",
    ...table(
      ["annotator", "role", "annotations", "regions", "reference marked"],
      report.annotators.map((a) => [
        a.id,
        roles.get(a.id) ?? "",
        String(a.annotations),
        String(a.regions),
        fixed(a.referenceMarkedFraction),
      ]),
      ["left", "left", "right", "right", "right"],
    ),
    "  reference marked: share of bins marked on natural reference clips (high = check this annotator)",
  ];
}

function consensusSection(report: Report): string[] {
  const c = report.consensus;
  if (c.clips === 0) return ["Crowd consensus", "  (no clip has two or more crowd annotations)"];
  return [
    `Crowd consensus (${report.binSeconds} s bins, crowd annotators only)`,
    ...keyValues([
      ["Clips (two or more crowd annotations)", String(c.clips)],
      ["Bins", String(c.bins)],
      ["Majority consensus (share of bins)", fixed(c.majorityFraction)],
      ["Model consensus (share of bins)", fixed(c.modelFraction)],
      ["Model prevalence", fixed(c.prevalence)],
      [
        "EM",
        c.converged
          ? `converged in ${count(c.iterations, "round")}`
          : `stopped after ${count(c.iterations, "round")} without converging: the marks barely determine the model`,
      ],
    ]),
    "",
    ...table(
      ["annotator", "clips", "bins", "sensitivity", "specificity", "κ majority", "κ model"],
      c.workers.map((w) => [
        w.id,
        String(w.annotations),
        String(w.bins),
        fixed(w.sensitivity),
        fixed(w.specificity),
        fixed(w.kappaMajority),
        fixed(w.kappaModel),
      ]),
      ["left", "right", "right", "right", "right", "right", "right"],
    ),
    "  sensitivity, specificity: the Dawid–Skene model's P(mark | unnatural), P(no mark | natural)",
  ];
}

function expertAgreementSection(report: Report, file: AnnotationFile): string[] {
  const e = report.expertAgreement;
  if (e.pairs.length === 0)
    return [
      "Expert agreement on reasons",
      "  (no two annotators labelled reasons on the same span)",
    ];
  const labels = new Map(file.taxonomy.map((t) => [t.id, t.label]));
  const reasons = file.taxonomy.map((t) => t.id);
  return [
    "Expert agreement on reasons (Cohen's kappa over shared spans, reason ticked or not)",
    ...table(
      ["reason", ...e.pairs.map((p) => `${p.a}–${p.b}`), "mean"],
      [
        ...reasons.map((id) => [
          labels.get(id) ?? id,
          ...e.pairs.map((p) => fixed(ownValue(p.byReason, id) ?? null)),
          fixed(ownValue(e.byReason, id) ?? null),
        ]),
        ["(all reasons)", ...e.pairs.map((p) => fixed(p.overall)), fixed(e.overall)],
        ["(shared spans)", ...e.pairs.map((p) => String(p.spans)), ""],
      ],
      ["left", ...e.pairs.map(() => "right" as const), "right"],
    ),
  ];
}

/** Resampling estimates (beyond the spec) for the text report. */
export interface TextResampling {
  mos: Record<string, [number, number] | null>;
  curve: { sentences: number; ciWidth: number | null; pNorm: number | null }[];
}

function mosSection(report: Report, resampling?: TextResampling): string[] {
  const { bySystem, pairs } = report.mos;
  const systems = Object.keys(bySystem);
  if (systems.length === 0) return ["Listening test (MOS)", "  (no ratings)"];
  const lines = [
    "Listening test (MOS, 1–5)",
    ...table(
      [
        "system",
        "n",
        "raters",
        "MOS",
        "sd",
        "95% CI (t)",
        ...(resampling ? ["bootstrap 95%*"] : []),
      ],
      systems.map((name) => {
        const m = ownValue(bySystem, name);
        const b = resampling ? ownValue(resampling.mos, name) : undefined;
        return [
          name,
          String(m?.n ?? 0),
          String(m?.raters ?? 0),
          fixed(m?.mean ?? null),
          fixed(m?.sd ?? null),
          m?.ci95 ? `[${fixed(m.ci95[0])}, ${fixed(m.ci95[1])}]` : "—",
          ...(resampling ? [b ? `[${fixed(b[0])}, ${fixed(b[1])}]` : "—"] : []),
        ];
      }),
      [
        "left",
        "right",
        "right",
        "right",
        "right",
        "right",
        ...(resampling ? (["right"] as const) : []),
      ],
    ),
  ];
  if (resampling) {
    lines.push(
      "  * resampling estimate (not in the spec): 1000 replicates drawing raters and sentences together",
    );
    if (resampling.curve.length > 1) {
      lines.push(
        "",
        "How many sentences? (resampling estimate: 20 random sets of each size)",
        ...table(
          ["sentences", "mean 95% t-interval width", "norm of Holm p matrix"],
          resampling.curve.map((p) => [String(p.sentences), fixed(p.ciWidth), fixed(p.pNorm)]),
          ["right", "right", "right"],
        ),
      );
    }
  }
  if (pairs.length > 0) {
    lines.push(
      "",
      "Pairwise differences (Wilcoxon signed-rank on per-sentence means, Holm-adjusted)",
      ...table(
        ["a", "b", "sentences", "mean a − b", "W+", "p", "p (Holm)"],
        pairs.map((p) => [
          p.a,
          p.b,
          String(p.sentences),
          fixed(p.meanDiff),
          String(p.w),
          pValue(p.p),
          pValue(p.pHolm),
        ]),
        ["left", "left", "right", "right", "right", "right", "right"],
      ),
    );
  }
  lines.push(...anovaLines("Two-factor ANOVA of the ratings (Type II)", report.mos.anova));
  return lines;
}

/** An ANOVA table (two models × three terms) as text lines. */
function anovaLines(title: string, rows: readonly AnovaRow[]): string[] {
  if (rows.length === 0) return [];
  return [
    "",
    title,
    ...table(
      ["model", "term", "df", "df error", "F", "p", "partial η²"],
      rows.map((r) => [
        r.model === "sentence" ? "× sentence" : "× listener",
        r.term,
        String(r.df),
        String(r.dfError),
        fixed(r.F),
        pValue(r.p),
        fixed(r.partialEtaSq),
      ]),
      ["left", "left", "right", "right", "right", "right", "right"],
    ),
  ];
}

const percent = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(1)}%`);

function intelligibilitySection(report: Report, file: AnnotationFile): string[] {
  const it = report.intelligibility;
  const title = "Intelligibility (WER)";
  if (it === null) {
    const why = whyNothingScored(taskModule(file.study), file);
    return why === null ? [] : [title, `  (${why})`];
  }
  const unitName = it.unit === "word" ? "word" : "character";
  const systems = Object.keys(it.bySystem);
  const settings = transcriptionSettings(file);
  const lines = [
    `${title}: ${unitName} error rate, ${count(it.scored, "scored listener transcript")}${
      it.unscored > 0 ? `, ${it.unscored} not scored (no text with words to score against)` : ""
    }`,
  ];
  if (systems.length > 0) {
    lines.push(
      ...table(
        [
          "system",
          "transcripts",
          "listeners",
          "stimuli",
          "ref",
          "S",
          "D",
          "I",
          "WER",
          "95% CI (bootstrap)",
          "mean WER",
        ],
        systems.map((name) => {
          const s = ownValue(it.bySystem, name);
          if (!s) return [name];
          return [
            name,
            String(s.transcripts),
            String(s.listeners),
            String(s.stimuli),
            String(s.refTokens),
            String(s.substitutions),
            String(s.deletions),
            String(s.insertions),
            percent(s.wer),
            `[${percent(s.ci95[0])}, ${percent(s.ci95[1])}]`,
            percent(s.meanWer),
          ];
        }),
        [
          "left",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
        ],
      ),
      `  bootstrap over stimuli: ${settings.replicates} replicates, seed "${settings.seed}"`,
    );
  }
  if (it.pairs.length > 0) {
    lines.push(
      "",
      `Pairwise WER differences (Wilcoxon signed-rank on per-stimulus WER, Holm-adjusted, α = ${settings.alpha})`,
      ...table(
        ["a", "b", "stimuli", "mean a − b", "W+", "p", "p (Holm)", "significant"],
        it.pairs.map((p) => [
          p.a,
          p.b,
          String(p.stimuli),
          fixed(p.meanDiff),
          String(p.w),
          pValue(p.p),
          pValue(p.pHolm),
          p.significant ? "yes" : "no",
        ]),
        ["left", "left", "right", "right", "right", "right", "right", "left"],
      ),
      "",
      "Groups that cannot be told apart (best first)",
      ...it.groups.map((g, i) => `  ${i + 1}. ${g.join(", ")}`),
    );
  }
  if (it.stimuliCurve.length > 0) {
    lines.push(
      "",
      "How many stimuli? (width of the bootstrap 95% interval drawing k stimuli)",
      ...table(
        ["k", "systems", "mean width", "sd"],
        it.stimuliCurve.map((c) => [
          String(c.k),
          String(c.systems),
          fixed(c.meanWidth),
          fixed(c.sdWidth),
        ]),
        ["right", "right", "right", "right"],
      ),
    );
  }
  const recognisers = Object.keys(it.asr);
  if (recognisers.length > 0) {
    const engines = new Map(file.annotators.map((a) => [a.id, a.engine]));
    lines.push(
      "",
      "Recognisers (role asr) against the listeners",
      ...table(
        ["recogniser", "engine", "systems", "WER", "Kendall's tau-b"],
        recognisers.map((id) => {
          const r = ownValue(it.asr, id);
          const per = Object.values(r?.bySystem ?? {});
          const ref = per.reduce((s, c) => s + c.refTokens, 0);
          const err = per.reduce((s, c) => s + c.errors, 0);
          return [
            id,
            engines.get(id) ?? "",
            String(per.length),
            percent(ref > 0 ? err / ref : null),
            fixed(r?.kendallTau ?? null),
          ];
        }),
        ["left", "left", "right", "right", "right"],
      ),
    );
  }
  if (it.byListenerGroup) {
    const groups = Object.keys(it.byListenerGroup);
    lines.push(
      "",
      `WER by listener group (${settings.groupBy})`,
      ...table(
        ["group", ...systems],
        groups.map((g) => {
          const per = ownValue(it.byListenerGroup ?? {}, g) ?? {};
          return [g, ...systems.map((s) => percent(ownValue(per, s)?.wer ?? null))];
        }),
        ["left", ...systems.map(() => "right" as const)],
      ),
    );
  }
  lines.push(...anovaLines("Two-factor ANOVA of the transcripts' WER (Type II)", it.anova));
  return lines;
}

/** The whole text report, sections separated by blank lines, ending in a newline. */
export function formatStats(
  report: Report,
  file: AnnotationFile,
  fileName: string,
  resampling?: TextResampling,
): string {
  const header = [
    file.study.name || file.study.id,
    `  study id: ${file.study.id}   file: ${fileName}   bin width: ${report.binSeconds} s`,
  ];
  // Each figure's tables, shown in the order the study's task declares (domain/tasks): its own
  // figures first, span tables outside a mark study only where spans were marked.
  const figures: Record<FigureId, () => string[][]> = {
    dataset: () => [datasetSection(report)],
    agreement: () => [agreementSection(report), pairsSection(report)],
    clips: () => [], // the analysis screen's clip table: no text of its own
    consensus: () => [consensusSection(report)],
    correlation: () => [correlationSection(report)],
    mos: () => [mosSection(report, resampling)],
    intelligibility: () => [intelligibilitySection(report, file)],
    comparison: () => [comparisonSection(report.comparison, file.study.comparison?.alpha ?? 0.05)],
    errorTypes: () => [errorTypesSection(report, file)],
    expertAgreement: () => [expertAgreementSection(report, file)],
    annotators: () => [annotatorsSection(report, file)],
  };
  const module = taskModule(file.study);
  const shown = shownFigures(module, figureData(report, whyNothingScored(module, file)));
  const sections = [header, ...shown.flatMap((id) => figures[id]())].filter(
    (lines) => lines.length > 0,
  );
  return `${sections.map((lines) => lines.join("\n")).join("\n\n")}\n`;
}
