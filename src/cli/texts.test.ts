import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { runTextsCli, withLanguageOptions } from "./texts.ts";

const file = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "s", name: "S", binSeconds: 0.1 },
  taxonomy: [],
  clips: [],
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
} as unknown as AnnotationFile;

const files: Record<string, string> = {
  "ok.json": JSON.stringify({
    "consent.start": "Bắt đầu ngay",
    "consent.agree": "Tôi đồng ý tham gia",
  }),
  "bad.json": JSON.stringify({ "hp.round": "Vòng {n}", nope: "x" }),
  "broken.json": "{",
};
const read = (p: string) => {
  const text = files[p];
  if (text === undefined) throw new Error("no such file");
  return text;
};

describe("publish --language --texts", () => {
  test("sets the language and keeps only the texts that differ from its catalogue", () => {
    const out = withLanguageOptions(file, { language: "VI", texts: "ok.json" }, read);
    expect(out.study).toMatchObject({
      language: "vi",
      participantTexts: { "consent.start": "Bắt đầu ngay" },
    });
    expect(
      Object.keys((out.study as unknown as { participantTexts: object }).participantTexts),
    ).toEqual(["consent.start"]);
    // English is the default: not stored.
    expect(withLanguageOptions(out, { language: "en" }, read).study).not.toHaveProperty("language");
  });

  test("a bad tag, a texts file breaking the rules, unreadable JSON: named", () => {
    expect(() => withLanguageOptions(file, { language: "??" }, read)).toThrow(
      '--language: language "??" is not a BCP 47 language tag',
    );
    expect(() => withLanguageOptions(file, { texts: "bad.json" }, read)).toThrow(
      "bad.json: hp.round: must use {n}, {total}, as the English does\nbad.json: nope: not a message of the participant's pages",
    );
    expect(() => withLanguageOptions(file, { texts: "broken.json" }, read)).toThrow(
      /^--texts broken\.json: /,
    );
    expect(() => withLanguageOptions(file, { texts: "gone.json" }, read)).toThrow(
      "--texts gone.json: no such file",
    );
  });
});

describe("texts", () => {
  test("prints the language's catalogue, with the study's own texts over it", () => {
    let out = "";
    let err = "";
    const io = {
      stdout: (t: string) => (out += t),
      stderr: (t: string) => (err += t),
      readFile: read,
    };
    files["study.json"] = JSON.stringify({
      study: { language: "vi", participantTexts: { "consent.start": "Bắt đầu ngay" } },
    });
    expect(runTextsCli(["texts", "study.json"], io)).toBe(0);
    const printed = JSON.parse(out) as Record<string, string>;
    expect(printed["consent.start"]).toBe("Bắt đầu ngay");
    expect(printed["consent.agree"]).toBe("Tôi đồng ý tham gia");
    out = "";
    expect(runTextsCli(["texts", "--language", "ar"], io)).toBe(0);
    expect((JSON.parse(out) as Record<string, string>)["clip.finish"]).toBe("أكمل المقطع");
    expect(runTextsCli(["texts"], io)).toBe(2);
    expect(err).toContain("texts needs --language TAG");
  });
});
