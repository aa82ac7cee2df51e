// The consent page's default says headphones are needed, as the headphone check (Huggins pitch,
// antiphase) demands: it only works with headphones, so "headphones or speakers" misled people
// into a check they would fail (issue 21, item 3).
import { expect, test } from "vitest";

const FILES = import.meta.glob<Record<string, string>>("./messages/*.json", {
  eager: true,
  import: "default",
});

test("consent.headphones asks for headphones and rules out speakers, in every language", () => {
  const texts = Object.fromEntries(
    Object.entries(FILES).map(([f, c]) => [
      f.replace(/^\.\/messages\/|\.json$/g, ""),
      c["consent.headphones"],
    ]),
  );
  expect(texts).toEqual({
    ar: "تحتاج إلى سماعات رأس (وليس مكبرات صوت).",
    de: "Sie benötigen Kopfhörer (keine Lautsprecher).",
    en: "You need headphones (not speakers).",
    es: "Necesita auriculares (no altavoces).",
    fr: "Il vous faut un casque ou des écouteurs (pas des haut-parleurs).",
    ja: "ヘッドホンが必要です（スピーカーは不可）。",
    ko: "헤드폰이 필요합니다(스피커는 안 됩니다).",
    pt: "Você precisa de fones de ouvido (não alto-falantes).",
    vi: "Bạn cần tai nghe (không dùng loa).",
    "zh-Hans": "您需要耳机（不能使用扬声器）。",
  });
});

test("every task's default consent is plain text, shown as written (the protocol report quotes it as written)", () => {
  // No ICU syntax ({, }, ', #): the consent page's formatter shows each exactly as the catalogue
  // has it, so the protocol report's quote of the catalogue's text is what participants read.
  const keys = [
    "consent.default",
    "consent.default.rate",
    "consent.default.transcribe",
    "consent.default.compare",
  ];
  const special: string[] = [];
  for (const [file, catalogue] of Object.entries(FILES)) {
    for (const key of keys) {
      const text = catalogue[key];
      if (text === undefined || /[{}'#]/.test(text)) special.push(`${file} ${key}`);
    }
  }
  expect(special).toEqual([]);
  expect(Object.keys(FILES)).toHaveLength(10);
});
