// Designing a paired comparison from a study's clips (issue 39, "Designing a comparison"): the
// pairs a compare study's participants judge, and the natural-pairs pre-test any study may run
// before its main task (Chiang et al. 2023). Pure: New study, Edit settings and `cli new` call
// these and store what they return in the study file's `pairs[]` and `study.qualification`.
//
// The pairs' ids are readable for the researcher (the sentence and the two systems); no
// participant ever sees a pair id (the server names trials by position only).

import Papa from "papaparse";
import { DEFAULT_PASS_ACCURACY } from "../../interchange/comparison.ts";
import type { Clip, Pair } from "../../interchange/types.ts";
import { seededRandom } from "../../util/random.ts";

/** How the main pairs are made: every pair of systems per sentence, or each against one. */
export type PairConstruction =
  | { kind: "all-systems" }
  | { kind: "against"; system: string }
  | { kind: "csv"; text: string; fileName?: string };

export type PairsResult = { ok: true; pairs: Pair[] } | { ok: false; problems: string[] };

type ClipFacts = Pick<Clip, "id" | "name" | "system" | "sentence" | "isReference">;

/** Code-unit order with numbers compared as numbers ("s2" before "s10"), the same everywhere. */
const byText = new Intl.Collator("en", { numeric: true }).compare;

/** The clips that have both a system and a sentence, by sentence (sentences in order). */
function bySentence(clips: readonly ClipFacts[]): Map<string, ClipFacts[]> {
  const out = new Map<string, ClipFacts[]>();
  for (const c of clips) {
    if (!c.system || !c.sentence) continue;
    out.set(c.sentence, [...(out.get(c.sentence) ?? []), c]);
  }
  return new Map([...out].sort(([a], [b]) => byText(a, b)));
}

/** Two clips of one sentence from the same system: which system of a pair would they be? */
function duplicateProblems(groups: Map<string, ClipFacts[]>): string[] {
  const problems: string[] = [];
  for (const [sentence, clips] of groups) {
    const seen = new Map<string, string>();
    for (const c of clips) {
      const first = seen.get(c.system as string);
      if (first !== undefined)
        problems.push(
          `clips "${first}" and "${c.id}" are both system "${c.system}" on sentence "${sentence}": a pair per sentence needs one clip of each system (correct their system or sentence)`,
        );
      else seen.set(c.system as string, c.id);
    }
  }
  return problems;
}

/** A pair id not yet in `taken` (adding it): `base`, else `base-2`, `base-3`… */
function freshId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** The systems of the study's clips that have a sentence, in order. */
export function systemsOf(clips: readonly ClipFacts[]): string[] {
  const systems = new Set<string>();
  for (const c of clips) if (c.system && c.sentence) systems.add(c.system);
  return [...systems].sort(byText);
}

const NO_DESIGN =
  "no clip has both a system and a sentence: pairs are made per sentence from clips of different systems (the metadata CSV's system and sentence columns)";

/**
 * Every pair of systems on each sentence: for a sentence spoken by systems x < y < z (in name
 * order), the pairs x–y, x–z, y–z, `a` the first system. Ids `<sentence>:<x>~<y>`.
 */
export function allSystemPairs(
  clips: readonly ClipFacts[],
  taken = new Set<string>(),
): PairsResult {
  const groups = bySentence(clips);
  const problems = duplicateProblems(groups);
  if (problems.length > 0) return { ok: false, problems };
  const pairs: Pair[] = [];
  for (const [sentence, group] of groups) {
    const sorted = [...group].sort((p, q) => byText(p.system as string, q.system as string));
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length; j++) {
        const a = sorted[i] as ClipFacts;
        const b = sorted[j] as ClipFacts;
        pairs.push({ id: freshId(`${sentence}:${a.system}~${b.system}`, taken), a: a.id, b: b.id });
      }
  }
  if (pairs.length === 0)
    return {
      ok: false,
      problems: [groups.size === 0 ? NO_DESIGN : "no sentence is spoken by two or more systems"],
    };
  return { ok: true, pairs };
}

/**
 * Each other system against `system` on every sentence both speak: `a` is the named system's
 * clip, `b` the other's (so a CCR score says how much better the other is). Ids as allSystemPairs.
 */
export function againstPairs(
  clips: readonly ClipFacts[],
  system: string,
  taken = new Set<string>(),
): PairsResult {
  const groups = bySentence(clips);
  const systems = systemsOf(clips);
  if (!systems.includes(system))
    return {
      ok: false,
      problems: [
        systems.length === 0
          ? NO_DESIGN
          : `no clip of system "${system}" has a sentence (the systems: ${systems.join(", ")})`,
      ],
    };
  const problems = duplicateProblems(groups);
  if (problems.length > 0) return { ok: false, problems };
  const pairs: Pair[] = [];
  for (const [sentence, group] of groups) {
    const base = group.find((c) => c.system === system);
    if (!base) continue;
    const others = group
      .filter((c) => c !== base)
      .sort((p, q) => byText(p.system as string, q.system as string));
    for (const other of others)
      pairs.push({
        id: freshId(`${sentence}:${system}~${other.system}`, taken),
        a: base.id,
        b: other.id,
      });
  }
  if (pairs.length === 0)
    return {
      ok: false,
      problems: [`no sentence of system "${system}" is spoken by another system as well`],
    };
  return { ok: true, pairs };
}

/**
 * The pairs of a `pair,a,b` CSV (header required; a and b name clips by id or by file name).
 * Every problem names its line and column: an unknown clip, the same clip twice, a duplicate or
 * empty pair id, a missing column.
 */
export function csvPairs(
  text: string,
  clips: readonly ClipFacts[],
  fileName = "pairs CSV",
): PairsResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const rows = parsed.data;
  const problems: string[] = [];
  for (const e of parsed.errors)
    problems.push(`${fileName}, line ${(e.row ?? 0) + 1}: ${e.message}`);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = { pair: header.indexOf("pair"), a: header.indexOf("a"), b: header.indexOf("b") };
  const missing = (["pair", "a", "b"] as const).filter((k) => col[k] < 0);
  if (missing.length > 0)
    return {
      ok: false,
      problems: [
        `${fileName}, line 1: the header needs the columns pair,a,b (missing ${missing.map((m) => `"${m}"`).join(", ")})`,
      ],
    };
  const byId = new Map(clips.map((c) => [c.id, c]));
  const byName = new Map<string, ClipFacts>();
  for (const c of clips) if (!byName.has(c.name)) byName.set(c.name, c);
  const firstLine = new Map<string, number>();
  const pairs: Pair[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i] as string[];
    const line = i + 1;
    if (row.every((cell) => cell.trim() === "")) continue;
    const cell = (k: keyof typeof col) => (row[col[k]] ?? "").trim();
    const at = (k: keyof typeof col) => `${fileName}, line ${line}, column "${k}"`;
    const id = cell("pair");
    let bad = false;
    if (id === "") {
      problems.push(`${at("pair")}: the pair id is empty`);
      bad = true;
    } else if (firstLine.has(id)) {
      problems.push(
        `${at("pair")}: duplicate pair id "${id}" (first on line ${firstLine.get(id)})`,
      );
      bad = true;
    } else firstLine.set(id, line);
    const side = (k: "a" | "b"): ClipFacts | undefined => {
      const v = cell(k);
      if (v === "") {
        problems.push(`${at(k)}: no clip named`);
        return undefined;
      }
      const clip = byId.get(v) ?? byName.get(v);
      if (!clip) problems.push(`${at(k)}: unknown clip "${v}" (no clip has this id or file name)`);
      return clip;
    };
    const a = side("a");
    const b = side("b");
    if (a && b && a.id === b.id) {
      problems.push(
        `${at("b")}: the same clip as a ("${a.id}"): a pair compares two different clips`,
      );
      bad = true;
    }
    if (!bad && a && b) pairs.push({ id, a: a.id, b: b.id });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (pairs.length === 0) return { ok: false, problems: [`${fileName}: no pairs (only a header)`] };
  return { ok: true, pairs };
}

/** The main pairs of a construction. */
export function constructPairs(
  construction: PairConstruction,
  clips: readonly ClipFacts[],
  taken = new Set<string>(),
): PairsResult {
  switch (construction.kind) {
    case "all-systems":
      return allSystemPairs(clips, taken);
    case "against":
      return againstPairs(clips, construction.system, taken);
    case "csv":
      return csvPairs(construction.text, clips, construction.fileName);
  }
}

/** The pre-test's size when the researcher sets none (Chiang et al.'s ten pairs). */
export const DEFAULT_PRETEST_PAIRS = 10;

/** The seed of the pre-test's choice of pairs when none is given. */
export const PRETEST_SEED = "redpen-pretest";

export interface PretestChoice {
  /** How many pairs; absent: DEFAULT_PRETEST_PAIRS (or all there are, when fewer). */
  count?: number;
  seed?: string;
}

export type PretestResult =
  | {
      ok: true;
      pairs: Pair[];
      /** How many natural–synthetic pairs the clips offer in all. */
      available: number;
      /** Said to the researcher when fewer pairs were made than asked for. */
      note?: string;
    }
  | { ok: false; problem: string };

/**
 * The natural-pairs pre-test: `count` pairs, each a natural recording (`isReference`) as `a`
 * against a synthetic clip of the same sentence as `b`, spread over sentences and systems:
 * sentences are taken in a seeded order, a round at a time (no sentence twice before every
 * sentence once), and on each the synthetic clip of the system used least so far (ties in a
 * seeded order). Deterministic for the same clips and seed. Ids `pretest:<sentence>:<system>`.
 */
export function pretestPairs(
  clips: readonly ClipFacts[],
  choice: PretestChoice = {},
  taken = new Set<string>(),
): PretestResult {
  const wanted = choice.count ?? DEFAULT_PRETEST_PAIRS;
  if (!Number.isInteger(wanted) || wanted < 1)
    return {
      ok: false,
      problem: `the number of pre-test pairs must be a whole number of 1 or more (got ${wanted})`,
    };
  if (!clips.some((c) => c.isReference === true))
    return {
      ok: false,
      problem:
        "the study has no reference clips: a pre-test pair is a natural recording (isReference) against a synthetic clip of the same sentence; mark the natural recordings in the metadata CSV's isReference column",
    };
  // Per sentence: its first natural recording (by id) and its synthetic clips.
  const sentences = new Map<string, { natural?: ClipFacts; synthetic: ClipFacts[] }>();
  for (const c of clips) {
    if (!c.sentence) continue;
    const s = sentences.get(c.sentence) ?? { synthetic: [] };
    if (c.isReference === true) {
      if (!s.natural || byText(c.id, s.natural.id) < 0) s.natural = c;
    } else s.synthetic.push(c);
    sentences.set(c.sentence, s);
  }
  const usable = [...sentences]
    .filter(([, s]) => s.natural && s.synthetic.length > 0)
    .sort(([a], [b]) => byText(a, b));
  const available = usable.reduce((n, [, s]) => n + s.synthetic.length, 0);
  if (available === 0)
    return {
      ok: false,
      problem:
        "no sentence has both a reference clip and a synthetic clip: a pre-test pair is a natural recording against a synthetic clip of the same sentence (give the clips their sentence in the metadata CSV)",
    };
  const random = seededRandom(choice.seed ?? PRETEST_SEED);
  const shuffle = <T>(items: T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  const order = shuffle(usable);
  // Each sentence's synthetic clips in a seeded order, so that ties between systems fall by seed.
  const left = new Map(
    order.map(([sentence, s]) => [
      sentence,
      shuffle([...s.synthetic].sort((x, y) => byText(x.id, y.id))),
    ]),
  );
  const used = new Map<string, number>();
  const count = Math.min(wanted, available);
  const pairs: Pair[] = [];
  while (pairs.length < count) {
    for (const [sentence, s] of order) {
      if (pairs.length >= count) break;
      const pool = left.get(sentence) as ClipFacts[];
      if (pool.length === 0) continue;
      const key = (c: ClipFacts) => c.system ?? `clip:${c.id}`;
      let best = 0;
      for (let i = 1; i < pool.length; i++)
        if (
          (used.get(key(pool[i] as ClipFacts)) ?? 0) < (used.get(key(pool[best] as ClipFacts)) ?? 0)
        )
          best = i;
      const synthetic = pool.splice(best, 1)[0] as ClipFacts;
      used.set(key(synthetic), (used.get(key(synthetic)) ?? 0) + 1);
      const natural = s.natural as ClipFacts;
      pairs.push({
        id: freshId(`pretest:${sentence}:${synthetic.system ?? synthetic.id}`, taken),
        a: natural.id,
        b: synthetic.id,
      });
    }
  }
  return {
    ok: true,
    pairs,
    available,
    ...(count < wanted
      ? {
          note: `the clips offer ${available} natural–synthetic pair${available === 1 ? "" : "s"} (fewer than the ${wanted} asked for): the pre-test uses all of them`,
        }
      : {}),
  };
}

/** The pre-test's settings as the researcher chooses them. */
export interface PretestSettings {
  count?: number;
  passAccuracy?: number;
  /** False: the pre-test is recorded, nobody screened out (issue 40's "record-only"). */
  screenOut?: boolean;
  seed?: string;
}

/** The study's qualification for these pre-test pairs (`screenOut` kept only when false). */
export function qualificationFor(
  pairs: readonly Pair[],
  settings: Pick<PretestSettings, "passAccuracy" | "screenOut">,
): { pairs: string[]; passAccuracy: number; screenOut?: false } {
  return {
    pairs: pairs.map((p) => p.id),
    passAccuracy: settings.passAccuracy ?? DEFAULT_PASS_ACCURACY,
    ...(settings.screenOut === false ? { screenOut: false as const } : {}),
  };
}

/** How many pairs each sentence has, in sentence order ("(no sentence)" for pairs of other clips). */
export function pairsPerSentence(
  pairs: readonly Pair[],
  clips: readonly ClipFacts[],
): { sentence: string; pairs: number }[] {
  const sentenceOf = new Map(clips.map((c) => [c.id, c.sentence]));
  const counts = new Map<string, number>();
  for (const p of pairs) {
    const s = sentenceOf.get(p.clipId ?? p.a) ?? "(no sentence)";
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => byText(a, b))
    .map(([sentence, n]) => ({ sentence, pairs: n }));
}

/** The study's pairs split into the pre-test's (named by `qualification.pairs`) and the main ones. */
export function splitPairs(
  pairs: readonly Pair[],
  qualification: unknown,
): { main: Pair[]; pretest: Pair[] } {
  const listed = new Set(
    typeof qualification === "object" &&
      qualification !== null &&
      Array.isArray((qualification as { pairs?: unknown }).pairs)
      ? ((qualification as { pairs: unknown[] }).pairs.filter(
          (p) => typeof p === "string",
        ) as string[])
      : [],
  );
  return {
    main: pairs.filter((p) => !listed.has(p.id)),
    pretest: pairs.filter((p) => listed.has(p.id)),
  };
}

export interface DesignChoice {
  /** The main pairs (a compare study's); absent: none (another task). */
  construction?: PairConstruction;
  /** The pre-test; absent: none. */
  pretest?: PretestSettings;
}

export type DesignResult =
  | {
      ok: true;
      /** The main pairs, then the pre-test's: the study file's `pairs[]`. */
      pairs: Pair[];
      main: Pair[];
      pretestPairs: Pair[];
      qualification?: ReturnType<typeof qualificationFor>;
      notes: string[];
    }
  | { ok: false; problems: string[] };

/**
 * A study's whole design from its clips: the main pairs and the pre-test's, their ids unique
 * across both (the pre-test's made after the main ones, so a CSV's ids stay as written).
 */
export function designPairs(clips: readonly ClipFacts[], choice: DesignChoice): DesignResult {
  const taken = new Set<string>();
  let main: Pair[] = [];
  const problems: string[] = [];
  if (choice.construction) {
    const made = constructPairs(choice.construction, clips, taken);
    if (made.ok) {
      main = made.pairs;
      for (const p of main) taken.add(p.id);
    } else problems.push(...made.problems);
  }
  let pretest: Pair[] = [];
  const notes: string[] = [];
  if (choice.pretest) {
    const made = pretestPairs(clips, choice.pretest, taken);
    if (made.ok) {
      pretest = made.pairs;
      if (made.note) notes.push(made.note);
    } else problems.push(`pre-test: ${made.problem}`);
    const p = choice.pretest.passAccuracy;
    if (p !== undefined && !(p >= 0 && p <= 1))
      problems.push(`pre-test: the pass accuracy must be a number from 0 to 1 (got ${p})`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    pairs: [...main, ...pretest],
    main,
    pretestPairs: pretest,
    ...(choice.pretest ? { qualification: qualificationFor(pretest, choice.pretest) } : {}),
    notes,
  };
}
