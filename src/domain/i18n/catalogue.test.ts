// Every shipped language has every message, in valid ICU, with the English's arguments; the
// researcher's texts are checked the same way.
import { describe, expect, test } from "vitest";
import { argumentsOf, ENGLISH, MESSAGE_IDS, textsProblems } from "./catalogue.ts";
import { catalogueFor, directionOf, LANGUAGES, languageOf } from "./languages.ts";

const FILES = import.meta.glob<Record<string, string>>("./messages/*.json", {
  eager: true,
  import: "default",
});
const read = (tag: string) => FILES[`./messages/${tag}.json`] ?? {};

describe("the catalogues", () => {
  test("one file per shipped language, and no other", () => {
    const files = Object.keys(FILES)
      .map((f) => f.replace(/^\.\/messages\/|\.json$/g, ""))
      .sort();
    expect(files).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });

  test.each(LANGUAGES.map((l) => l.tag))("%s has every key, no other, each usable", (tag) => {
    const catalogue = read(tag);
    const missing = MESSAGE_IDS.filter((id) => !(id in catalogue));
    const extra = Object.keys(catalogue).filter((id) => !(id in ENGLISH));
    expect(missing, `keys missing in ${tag}.json`).toEqual([]);
    expect(extra, `keys in ${tag}.json that English lacks`).toEqual([]);
    expect(textsProblems(catalogue)).toEqual([]);
    for (const [id, text] of Object.entries(catalogue))
      expect(text.trim(), `${tag}: ${id} is empty`).not.toBe("");
  });

  test("a researcher's texts: unknown keys, bad ICU and lost arguments are named", () => {
    expect(textsProblems({ "consent.start": "Bắt đầu" })).toEqual([]);
    expect(
      textsProblems({
        "no.such": "x",
        "hp.round": "Vòng {n}",
        "crowd.clipOf": "Câu {n, number}/{total, number",
        "consent.agree": 3,
      }),
    ).toEqual([
      "no.such: not a message of the participant's pages",
      "hp.round: must use {n}, {total}, as the English does",
      expect.stringMatching(/^crowd\.clipOf: not valid ICU MessageFormat/),
      "consent.agree: must be a text",
    ]);
    expect(argumentsOf(ENGLISH["send.clips.waiting"])).toEqual(["n"]);
  });
});

describe("languages", () => {
  test("tags find their catalogue by base language; Traditional Chinese finds none", () => {
    expect(catalogueFor("pt-BR")).toBe("pt");
    expect(catalogueFor("zh-CN")).toBe("zh-Hans");
    expect(catalogueFor("zh")).toBe("zh-Hans");
    expect(catalogueFor("zh-TW")).toBeNull();
    expect(catalogueFor("th")).toBeNull();
    expect(catalogueFor("not a tag")).toBeNull();
  });

  test("Arabic, Hebrew and Persian are right to left; the rest left to right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("ar-EG")).toBe("rtl");
    expect(directionOf("he")).toBe("rtl");
    expect(directionOf("fa-IR")).toBe("rtl");
    expect(directionOf("vi")).toBe("ltr");
    expect(directionOf("en-XA")).toBe("ltr");
  });

  test("a study's language: canonical, English when absent or not a tag", () => {
    expect(languageOf({ language: "PT-br" })).toBe("pt-BR");
    expect(languageOf({})).toBe("en");
    expect(languageOf({ language: "??" })).toBe("en");
  });
});
