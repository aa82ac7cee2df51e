// The figures the README states that the code can check, read out of the README and compared
// with the code's own constants: when either side changes, this fails until the other follows.
// Each statement is found by its words; a statement reworded so that its pattern no longer
// finds it fails too, naming the pattern, so that the check moves with it.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DOMAIN_LAYERS } from "../../scripts/check-imports/rules.ts";
import { db } from "../../src/db/db.ts";
import { DEFAULT_HOP } from "../../src/domain/acoustics/features.ts";
import { referenceCount } from "../../src/domain/collection/assign.ts";
import { DEFAULT_SETTINGS } from "../../src/domain/collection/protocol.ts";
import { directionOf, LANGUAGES } from "../../src/domain/i18n/languages.ts";
import { DEFAULT_PASS_ACCURACY } from "../../src/domain/interchange/comparison.ts";
import { DEFAULT_BIN_SECONDS } from "../../src/domain/interchange/schema.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import { REASON_KEYS } from "../../src/domain/study/expert.ts";
import { DEFAULT_RATING_SCALE } from "../../src/domain/study/ratingScale.ts";
import { ROUTE_PATTERNS } from "../../src/lib/routes.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The README with its line breaks as spaces: statements wrap anywhere. */
const README = readFileSync(path.join(ROOT, "README.md"), "utf8").replace(/\s+/g, " ");

/** The groups of the README's first match of `pattern`; fails when the README has none. */
function stated(pattern: RegExp): string[] {
  const match = pattern.exec(README);
  if (!match) throw new Error(`the README no longer states ${pattern}: reword this check with it`);
  return match.slice(1);
}

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** "ten" or "10" as a number. */
function count(text: string | undefined): number {
  const n = WORDS[(text ?? "").toLowerCase()] ?? Number(text);
  if (!Number.isFinite(n)) throw new Error(`not a count: ${text}`);
  return n;
}

describe("the study's defaults, as the README states them", () => {
  test("the error taxonomy: its number of types, their names in order, and the expert's keys", () => {
    const [n, names] = stated(/reasons from an (\d+)-type error taxonomy \(([^)]*)\)/);
    expect(count(n)).toBe(DEFAULT_TAXONOMY.length);
    expect(names?.split(/, /)).toEqual(DEFAULT_TAXONOMY.map((t) => t.label.toLowerCase()));
    const [keys, types] = stated(/keys (1–9, 0 and -) toggling the (\d+) types/);
    expect(keys).toBe(`${REASON_KEYS.slice(0, 9)[0]}–${REASON_KEYS[8]}, 0 and -`);
    expect(REASON_KEYS.join("")).toBe("1234567890-");
    expect(count(types)).toBe(REASON_KEYS.length);
    expect(REASON_KEYS.length).toBe(DEFAULT_TAXONOMY.length);
  });

  test("the bin width", () => {
    const [seconds] = stated(/Cohen's kappa over ([\d.]+) s bins/);
    expect(Number(seconds)).toBe(DEFAULT_BIN_SECONDS);
  });

  test("the rating scale's two ends", () => {
    const [low, high] = stated(/Rate the clip \(1 ([^…]+?) … 5 ([^;)]+?);/);
    expect(low).toBe(DEFAULT_RATING_SCALE.labels[0]);
    expect(high).toBe(DEFAULT_RATING_SCALE.labels[4]);
  });

  test("a collection server's clips per participant (K) and ratings per clip (R)", () => {
    const [k, r] = stated(/clips per participant \((\d+)\), ratings per clip \((\d+)\)/);
    expect(Number(k)).toBe(DEFAULT_SETTINGS.clipsPerParticipant);
    expect(Number(r)).toBe(DEFAULT_SETTINGS.ratingsPerClip);
  });

  test("one reference clip in ten", () => {
    const [n] = stated(/one reference clip in (\w+),/);
    const every = count(n);
    for (const k of [1, every - 1, every, every + 1, 3 * every]) {
      expect(referenceCount(k)).toBe(Math.ceil(k / every));
    }
  });

  test("the natural-pairs pre-test's pass mark", () => {
    const [accuracy] = stated(/a participant passes at an accuracy of ([\d.]+)\)/);
    expect(Number(accuracy)).toBe(DEFAULT_PASS_ACCURACY);
  });

  test("pitch and energy every 10 ms", () => {
    const [ms] = stated(/F0 \(Hz or null\) and energy \(dB\) every (\d+) ms/);
    expect(Number(ms) / 1000).toBe(DEFAULT_HOP);
  });
});

describe("the app, as the README states it", () => {
  test("the languages of the participant's pages: how many, which, and Arabic right to left", () => {
    const [n, list] = stated(/\(([a-z]+) ship: ([^;]*?) right to left;/);
    expect(count(n)).toBe(LANGUAGES.length);
    const names = list?.split(/, /) ?? [];
    // The README says "Simplified Chinese" where the list of languages says "Chinese (Simplified)".
    const spoken = LANGUAGES.map((l) =>
      l.tag === "zh-Hans" ? "Simplified Chinese" : (l.name as string),
    );
    expect(names).toEqual(spoken);
    expect(directionOf("ar")).toBe("rtl");
    // One catalogue per language, and "all ten catalogues" where a new task adds its messages.
    const catalogues = readdirSync(path.join(ROOT, "src/domain/i18n/messages")).filter((f) =>
      f.endsWith(".json"),
    );
    expect(catalogues.sort()).toEqual(LANGUAGES.map((l) => `${l.tag}.json`).sort());
    const [all] = stated(/add the messages to all (\w+) catalogues/);
    expect(count(all)).toBe(catalogues.length);
  });

  test("the routes wouter serves", () => {
    const [n, list] = stated(/the app needs (\w+) routes \(([^)]*\))/);
    expect(count(n)).toBe(Object.keys(ROUTE_PATTERNS).length);
    expect(list?.split(/, /).length).toBe(Object.keys(ROUTE_PATTERNS).length);
  });

  test("the IndexedDB schema's version", () => {
    const [version] = stated(/The schema is at version (\d+)/);
    expect(Number(version)).toBe(db.verno);
  });
});

describe("the architecture, as the README states it", () => {
  test("the domain's layers: the README's table is scripts/check-imports' DOMAIN_LAYERS", () => {
    const text = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const rows = [...text.matchAll(/^\| (\d+) \| ((?:`[a-z0-9]+\/`(?:, )?)+) \|/gm)].map((m) => ({
      layer: Number(m[1]),
      folders: [...(m[2] ?? "").matchAll(/`([a-z0-9]+)\/`/g)].map((f) => f[1]),
    }));
    expect(rows.map((r) => r.layer)).toEqual(DOMAIN_LAYERS.map((_, i) => i + 1));
    expect(rows.map((r) => r.folders)).toEqual(DOMAIN_LAYERS.map((row) => [...row]));
    // Every folder of src/domain/ has its row.
    const folders = readdirSync(path.join(ROOT, "src/domain"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(DOMAIN_LAYERS.flat().sort()).toEqual(folders);
  });

  test("Biome bans every Node built-in in domain/, node:* or bare", () => {
    const [n] = stated(
      /every Node built-in there, `node:\*` or bare: the (\d+) of Node 20's `builtinModules`/,
    );
    const builtins = [
      ...new Set(builtinModules.filter((m) => !m.startsWith("_")).map((m) => m.split("/")[0])),
    ];
    expect(Number(n)).toBe(builtins.length);
    const biome = JSON.parse(readFileSync(path.join(ROOT, "biome.json"), "utf8")) as {
      overrides: {
        includes?: string[];
        linter?: {
          rules?: {
            style?: {
              noRestrictedImports?: { options: { patterns: { group: string[] }[] } };
            };
          };
        };
      }[];
    };
    const domain = biome.overrides.find((o) => o.includes?.includes("src/domain/**"));
    const banned = new Set(
      domain?.linter?.rules?.style?.noRestrictedImports?.options.patterns.flatMap((p) => p.group),
    );
    expect(banned.has("node:*")).toBe(true);
    for (const b of builtins) {
      expect(banned.has(b as string), b).toBe(true);
      expect(banned.has(`${b}/*`), `${b}/*`).toBe(true);
    }
  });
});
