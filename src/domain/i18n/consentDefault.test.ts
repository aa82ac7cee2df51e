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
