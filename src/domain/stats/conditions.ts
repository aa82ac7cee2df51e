// Comparing conditions (docs/spec/statistics.md, "Comparing conditions (Chiang et al.'s Tables
// 1–4)"): the MOS of several conditions side by side, each condition either a study or one
// study's listener group (`--by platform | arm | screening:TEST | <intake field>`). Per system and
// condition the mean, the Student-t interval's half width and the rank; Kendall's tau-b between
// the conditions' rankings; and per system and pair of conditions the Mann–Whitney test of their
// ratings (normal approximation with the tie correction, no continuity correction), with Holm's
// adjustment over every difference.
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import type { AnnotationFile, Annotator, Clip } from "../interchange/types.ts";
import { rankOf, rankRuns } from "./correlation.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import { groupValue, kendallTauB, NO_GROUP } from "./intelligibility.ts";
import { holm, tQuantile } from "./mos.ts";
import { byCodeUnit } from "./records.ts";

/** One rating as the MOS section reads it, with the seconds its rater spent on the clip. */
export interface ConditionRating {
  system: string;
  rater: string;
  score: number;
  seconds?: number;
}

/** A condition: its label and its ratings. */
export interface Condition {
  label: string;
  ratings: ConditionRating[];
}

export interface ConditionSummary {
  label: string;
  raters: number;
  ratings: number;
  minutesPerRater: number | null;
}

export interface SystemInCondition {
  n: number;
  mean: number | null;
  ci95HalfWidth: number | null;
  rank: number | null;
}

export interface ConditionsSystem {
  system: string;
  byCondition: SystemInCondition[];
}

export interface ConditionRanking {
  a: string;
  b: string;
  systems: number;
  kendallTau: number | null;
}

export interface ConditionDifference {
  system: string;
  a: string;
  b: string;
  u: number;
  p: number | null;
  pHolm: number | null;
  significant: boolean;
}

/** What `compare --json` prints. */
export interface ConditionComparison {
  conditions: ConditionSummary[];
  systems: ConditionsSystem[];
  rankings: ConditionRanking[];
  differences: ConditionDifference[];
}

/** The significance level of `differences[].significant`. */
export const CONDITIONS_ALPHA = 0.05;

/** Input that cannot be compared; the message names the problem (and the file or option). */
export class ConditionsError extends Error {
  override name = "ConditionsError";
}

/** The study's ratings (the MOS section's: every submission with a score). */
export function ratingsOf(file: AnnotationFile): ConditionRating[] {
  const clips = new Map<string, Clip>(file.clips.map((c) => [c.id, c]));
  const out: ConditionRating[] = [];
  for (const s of file.submissions) {
    if (typeof s.score !== "number") continue;
    const clip = clips.get(s.clipId);
    if (clip === undefined) continue;
    const rating: ConditionRating = {
      system: clip.system ?? NO_SYSTEM,
      rater: s.annotatorId,
      score: s.score,
    };
    if (typeof s.seconds === "number") rating.seconds = s.seconds;
    out.push(rating);
  }
  return out;
}

/** A `--by` grouping: what it reads from each annotator, and how it is named in messages. */
export interface Grouping {
  /** As given: `platform`, `arm`, `screening:TEST` or an intake field. */
  by: string;
  /** The annotator's group, or undefined when they have none (they go under `(none)`). */
  groupOf(annotator: Annotator): string | undefined;
  /** "a platform", "an instruction arm (profile.arm)", … for "no annotator has …". */
  what: string;
}

/** The grouping `--by FIELD` names (statistics.md). Throws ConditionsError for an empty name. */
export function grouping(by: string): Grouping {
  if (by === "platform") {
    return { by, what: "a platform (platform.name)", groupOf: (a) => a.platform?.name };
  }
  if (by === "arm") {
    return {
      by,
      what: "an instruction arm (profile.arm)",
      groupOf: (a) => present(a.profile?.arm),
    };
  }
  if (by.startsWith("screening:")) {
    const test = by.slice("screening:".length);
    if (test === "") {
      throw new ConditionsError(
        "--by screening: needs a test's name (screening:huggins, screening:natural-pairs …)",
      );
    }
    return {
      by,
      what: `a screening entry of the test "${test}"`,
      groupOf: (a) => {
        // A participant who took the test more than once: their last entry counts.
        const entries = (a.screening ?? []).filter((e) => e.test === test);
        const last = entries[entries.length - 1];
        return last === undefined ? undefined : last.passed ? "passed" : "failed";
      },
    };
  }
  if (by === "") throw new ConditionsError("--by needs a field's name");
  return {
    by,
    what: `an intake answer "${by}" (profile.${by})`,
    groupOf: (a) => present(a.profile?.[by]),
  };
}

/** An intake value as text (byListenerGroup's), or undefined when absent. */
function present(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : groupValue(value);
}

/**
 * One study's listener groups as conditions, in code-unit order of the group's name (`(none)`
 * for those without one); a group without a rating is not a condition. `source` names the study
 * in messages (its file). Throws ConditionsError when no annotator has the field, or when fewer
 * than two groups have ratings.
 */
export function conditionsByGroup(file: AnnotationFile, by: string, source: string): Condition[] {
  const g = grouping(by);
  const groups = new Map<string, string>();
  for (const a of file.annotators) {
    const value = g.groupOf(a);
    if (value !== undefined) groups.set(a.id, value);
  }
  if (groups.size === 0) {
    throw new ConditionsError(`--by ${by}: no annotator of ${source} has ${g.what}`);
  }
  const byGroup = new Map<string, ConditionRating[]>();
  for (const r of ratingsOf(file)) {
    const name = groups.get(r.rater) ?? NO_GROUP;
    let list = byGroup.get(name);
    if (list === undefined) {
      list = [];
      byGroup.set(name, list);
    }
    list.push(r);
  }
  const conditions = [...byGroup.keys()]
    .sort(byCodeUnit)
    .map((label) => ({ label, ratings: byGroup.get(label) as ConditionRating[] }));
  if (conditions.length < 2) {
    const only = conditions[0];
    throw new ConditionsError(
      only === undefined
        ? `--by ${by}: ${source} has no rating, so there is nothing to compare`
        : `--by ${by}: fewer than two conditions: every rating of ${source} is in the group "${only.label}"`,
    );
  }
  checkShared(conditions);
  return conditions;
}

/**
 * Several studies as conditions, in the order given, each labelled by its `label` or else its
 * study's name; `source` names it in messages (its file). Throws ConditionsError for fewer than
 * two studies, a study without a rating, two conditions with the same label, or a condition
 * sharing no system with any other.
 */
export function conditionsOfStudies(
  studies: readonly { file: AnnotationFile; source: string; label?: string }[],
): Condition[] {
  if (studies.length < 2) {
    throw new ConditionsError(
      `fewer than two conditions: compare needs two or more studies, or one study and --by FIELD (got ${studies.length === 0 ? "no study" : `only ${studies[0]?.source}`})`,
    );
  }
  const conditions = studies.map(({ file, source, label }) => {
    const ratings = ratingsOf(file);
    if (ratings.length === 0) {
      throw new ConditionsError(`${source}: no rating (no submission has a score) to compare`);
    }
    return { label: label ?? file.study.name, ratings, source };
  });
  const seen = new Map<string, string>();
  for (const c of conditions) {
    const before = seen.get(c.label);
    if (before !== undefined) {
      throw new ConditionsError(
        `${before} and ${c.source} are both labelled "${c.label}": give each its own label`,
      );
    }
    seen.set(c.label, c.source);
  }
  checkShared(conditions);
  return conditions.map(({ label, ratings }) => ({ label, ratings }));
}

/** Refuses conditions of which one shares no rated system with any other. */
function checkShared(conditions: readonly (Condition & { source?: string })[]): void {
  const systemsOf = conditions.map((c) => new Set(c.ratings.map((r) => r.system)));
  const name = (i: number) => conditions[i]?.source ?? `the group "${conditions[i]?.label}"`;
  const rated = (i: number) => [...(systemsOf[i] as Set<string>)].sort(byCodeUnit).join(", ");
  systemsOf.forEach((own, i) => {
    if (systemsOf.some((other, j) => j !== i && [...own].some((s) => other.has(s)))) return;
    throw new ConditionsError(
      conditions.length === 2
        ? `the conditions share no system: ${name(0)} rates ${rated(0)}; ${name(1)} rates ${rated(1)}`
        : `${name(i)} shares no system with the other conditions (it rates ${rated(i)})`,
    );
  });
}

/** Mean, half width and n of one system's ratings in one condition (the MOS section's sums). */
function describe(scores: Float64Array): { n: number; mean: number; half: number | null } {
  const x = scores.slice().sort();
  const n = x.length;
  let sum = 0;
  for (let j = 0; j < n; j++) sum += x[j] as number;
  const mean = sum / n;
  if (n < 2) return { n, mean, half: null };
  let squares = 0;
  for (const v of x) squares += (v - mean) * (v - mean);
  const sd = Math.sqrt(squares / (n - 1));
  return { n, mean, half: (tQuantile(0.975, n - 1) * sd) / Math.sqrt(n) };
}

/** The sum of `values` in ascending order. */
function sumAscending(values: ArrayLike<number>): number {
  const x = Float64Array.from(values).sort();
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i] as number;
  return sum;
}

/** Ranks by value, descending: 1 = greatest; equal values share the smaller rank. */
function ranksDescending(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}

/**
 * The Mann–Whitney test of `a` against `b`, two-sided, normal approximation without continuity
 * correction and with the tie correction; `p` null when the variance is 0.
 */
export function mannWhitney(a: Float64Array, b: Float64Array): { u: number; p: number | null } {
  const na = a.length;
  const nb = b.length;
  const N = na + nb;
  const pooled = new Float64Array(N);
  pooled.set(a);
  pooled.set(b, na);
  pooled.sort();
  const runs = rankRuns(pooled);
  let rankSum = 0;
  for (let i = 0; i < na; i++) rankSum += rankOf(runs, a[i] as number);
  const u = rankSum - (na * (na + 1)) / 2;
  const variance = ((na * nb) / 12) * (N + 1 - runs.ties / (N * (N - 1)));
  if (!(variance > 0)) return { u, p: null };
  const z = (u - (na * nb) / 2) / Math.sqrt(variance);
  return { u, p: 2 * (1 - normalCdf(Math.abs(z), 0, 1)) };
}

/** The comparison of the conditions, exactly as statistics.md defines it. */
export function compareConditions(conditions: readonly Condition[]): ConditionComparison {
  const C = conditions.length;
  const summaries: ConditionSummary[] = conditions.map(({ label, ratings }) => {
    // Each rater's seconds; sums in ascending order, so that the order of the file's
    // submissions (the browser's database lists them by key) does not change a bit.
    const seconds = new Map<string, number[]>();
    for (const r of ratings) {
      let list = seconds.get(r.rater);
      if (list === undefined) {
        list = [];
        seconds.set(r.rater, list);
      }
      if (r.seconds !== undefined) list.push(r.seconds);
    }
    const timed = Float64Array.from(
      [...seconds.values()].filter((list) => list.length > 0).map((list) => sumAscending(list)),
    );
    return {
      label,
      raters: seconds.size,
      ratings: ratings.length,
      minutesPerRater: timed.length === 0 ? null : sumAscending(timed) / timed.length / 60,
    };
  });

  // Each condition's ratings per system.
  const scores = conditions.map(({ ratings }) => {
    const bySystem = new Map<string, number[]>();
    for (const r of ratings) {
      let list = bySystem.get(r.system);
      if (list === undefined) {
        list = [];
        bySystem.set(r.system, list);
      }
      list.push(r.score);
    }
    return new Map([...bySystem].map(([s, list]) => [s, Float64Array.from(list)]));
  });
  const systemNames = [...new Set(scores.flatMap((m) => [...m.keys()]))].sort(byCodeUnit);

  // Per condition: each rated system's figures, then ranks among them.
  const cells: SystemInCondition[][] = systemNames.map(() => []);
  for (let c = 0; c < C; c++) {
    const own = scores[c] as Map<string, Float64Array>;
    const rated: { row: number; mean: number }[] = [];
    systemNames.forEach((system, row) => {
      const x = own.get(system);
      if (x === undefined) {
        (cells[row] as SystemInCondition[]).push({
          n: 0,
          mean: null,
          ci95HalfWidth: null,
          rank: null,
        });
        return;
      }
      const d = describe(x);
      (cells[row] as SystemInCondition[]).push({
        n: d.n,
        mean: d.mean,
        ci95HalfWidth: d.half,
        rank: null,
      });
      rated.push({ row, mean: d.mean });
    });
    const ranks = ranksDescending(rated.map((r) => r.mean));
    rated.forEach(({ row }, i) => {
      ((cells[row] as SystemInCondition[])[c] as SystemInCondition).rank = ranks[i] as number;
    });
  }
  const systems = systemNames.map((system, row) => ({
    system,
    byCondition: cells[row] as SystemInCondition[],
  }));

  const rankings: ConditionRanking[] = [];
  for (let a = 0; a < C; a++) {
    for (let b = a + 1; b < C; b++) {
      const x: number[] = [];
      const y: number[] = [];
      for (const s of systems) {
        const ma = s.byCondition[a]?.mean ?? null;
        const mb = s.byCondition[b]?.mean ?? null;
        if (ma === null || mb === null) continue;
        x.push(ma);
        y.push(mb);
      }
      rankings.push({
        a: summaries[a]?.label as string,
        b: summaries[b]?.label as string,
        systems: x.length,
        kendallTau: kendallTauB(x, y),
      });
    }
  }

  const differences: ConditionDifference[] = [];
  for (const system of systemNames) {
    for (let a = 0; a < C; a++) {
      const xa = scores[a]?.get(system);
      if (xa === undefined) continue;
      for (let b = a + 1; b < C; b++) {
        const xb = scores[b]?.get(system);
        if (xb === undefined) continue;
        const { u, p } = mannWhitney(xa, xb);
        differences.push({
          system,
          a: summaries[a]?.label as string,
          b: summaries[b]?.label as string,
          u,
          p,
          pHolm: null,
          significant: false,
        });
      }
    }
  }
  const adjusted = holm(differences.map((d) => d.p));
  differences.forEach((d, i) => {
    d.pHolm = adjusted[i] ?? null;
    d.significant = d.pHolm !== null && d.pHolm < CONDITIONS_ALPHA;
  });
  return { conditions: summaries, systems, rankings, differences };
}

/**
 * The groupings these annotators offer, for the Compare screen's choice: `platform` when someone
 * has one, `arm` when someone has `profile.arm`, `screening:TEST` for each test someone took, then
 * every other intake field someone answered (code-unit order).
 */
export function groupingsOf(annotators: readonly Annotator[]): string[] {
  const tests = new Set<string>();
  const fields = new Set<string>();
  let platform = false;
  let arm = false;
  for (const a of annotators) {
    if (a.platform !== undefined) platform = true;
    for (const e of a.screening ?? []) tests.add(e.test);
    for (const [key, value] of Object.entries(a.profile ?? {})) {
      if (value === undefined || value === null) continue;
      if (key === "arm") arm = true;
      else fields.add(key);
    }
  }
  return [
    ...(platform ? ["platform"] : []),
    ...(arm ? ["arm"] : []),
    ...[...tests].sort(byCodeUnit).map((t) => `screening:${t}`),
    ...[...fields].sort(byCodeUnit),
  ];
}
