// The expert screen's shared words in other languages: a span's name with its times kept left to
// right inside Arabic, numbers of seconds in the locale, and the plural forms of a count.
import { createIntl } from "react-intl";
import { expect, test } from "vitest";
import { ENGLISH } from "../../../domain/i18n/catalogue.ts";
import ar from "../../../domain/i18n/messages/ar.json";
import de from "../../../domain/i18n/messages/de.json";
import { englishIntl } from "../../../lib/i18n.tsx";
import { seconds, spanName } from "./words.ts";

const arabic = createIntl({ locale: "ar", messages: { ...ENGLISH, ...ar } });
const german = createIntl({ locale: "de", messages: { ...ENGLISH, ...de } });
const span = { annotatorId: "w1", start: 1.07, end: 2.891 };

test("a span's name: English as before; in Arabic the id and the times isolated", () => {
  expect(spanName(englishIntl, span)).toBe("w1's span 0:01.07–0:02.89");
  expect(spanName(german, span)).toBe("Abschnitt 0:01.07–0:02.89 von w1");
  // FSI…PDI around the study's id, LRI…PDI around each time: they keep their order in RTL.
  expect(spanName(arabic, span)).toBe("جزء \u2068w1\u2069 \u20660:01.07\u2069–\u20660:02.89\u2069");
});

test("seconds with two decimals in the locale's notation", () => {
  expect(seconds(englishIntl, 0.425)).toBe("0.43");
  expect(seconds(german, 0.425)).toBe("0,43");
  expect(seconds(german, 12)).toBe("12,00");
});

test("Arabic's six plural forms for a count of spans", () => {
  const n = (count: number) => arabic.formatMessage({ id: "expert.screen.nSpans" }, { n: count });
  expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map(n)).toEqual([
    "لا أجزاء",
    "جزء واحد",
    "جزءان",
    "3 أجزاء",
    "10 أجزاء",
    "11 جزءًا",
    "99 جزءًا",
    "100 جزء",
    "102 جزء",
  ]);
  const de1 = german.formatMessage({ id: "expert.screen.clipsLeft" }, { n: 1 });
  const de3 = german.formatMessage({ id: "expert.screen.clipsLeft" }, { n: 3 });
  expect([de1, de3]).toEqual(["(1 Clip übrig)", "(3 Clips übrig)"]);
});
