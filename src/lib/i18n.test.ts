// The catalogues through react-intl: ICU plurals per language, numbers for the locale, the
// researcher's texts over the catalogue, and the pseudo-locale 40 % longer and still valid.
import { createIntl } from "react-intl";
import { describe, expect, test } from "vitest";
import { ENGLISH, MESSAGE_IDS } from "../domain/i18n/catalogue.ts";
import { loadMessages, usableTexts } from "./i18n.tsx";
import { pseudoCatalogue } from "./pseudoLocale.ts";

async function intl(locale: string) {
  return createIntl({ locale, messages: await loadMessages(locale) });
}

describe("messages", () => {
  test("plurals follow each language's rules", async () => {
    const en = await intl("en");
    expect(en.formatMessage({ id: "send.clips.waiting" }, { n: 1 })).toBe(
      "1 clip waiting to be sent.",
    );
    expect(en.formatMessage({ id: "send.clips.waiting" }, { n: 3 })).toBe(
      "3 clips waiting to be sent.",
    );
    const ar = await intl("ar");
    const waiting = (n: number) => ar.formatMessage({ id: "send.clips.waiting" }, { n });
    expect(waiting(1)).toBe("مقطع واحد ينتظر الإرسال.");
    expect(waiting(2)).toBe("مقطعان ينتظران الإرسال.");
    expect(waiting(3)).toMatch(/مقاطع تنتظر الإرسال\.$/); // few: 3–10
    expect(waiting(11)).toMatch(/مقطعًا ينتظر الإرسال\.$/); // many: 11–99
    const vi = await intl("vi");
    expect(vi.formatMessage({ id: "send.clips.sending" }, { n: 1 })).toBe("Đang gửi đoạn của bạn…");
    expect(vi.formatMessage({ id: "send.clips.sending" }, { n: 4 })).toBe("Đang gửi 4 đoạn…");
    expect(vi.formatMessage({ id: "crowd.clipOf" }, { n: 2, total: 50 })).toBe(
      "Bạn đang đánh giá câu 2/50",
    );
  });

  test("numbers are formatted for the locale", async () => {
    const de = await intl("de");
    expect(de.formatNumber(0.42, { minimumFractionDigits: 2 })).toBe("0,42");
    expect(de.formatMessage({ id: "intake.problem.tooLong" }, { max: 2000 })).toBe(
      "Bitte halten Sie die Antwort unter 2.000 Zeichen.",
    );
  });

  test("a tag without a catalogue reads English; the researcher's usable texts win", async () => {
    expect(await loadMessages("th")).toEqual(ENGLISH);
    expect((await loadMessages("pt-BR"))["consent.start"]).toBe("Começar");
    expect(usableTexts({ "consent.start": "เริ่ม", "hp.round": "รอบ {n}", unknown: "x" })).toEqual({
      "consent.start": "เริ่ม",
    });
  });

  test("the pseudo-locale: every message at least 40 % longer, accented, still formatting", () => {
    const pseudo = pseudoCatalogue(ENGLISH);
    for (const id of MESSAGE_IDS) {
      if (ENGLISH[id].includes("{")) continue; // arguments: their values are not lengthened
      expect(pseudo[id].length, id).toBeGreaterThanOrEqual(Math.floor(ENGLISH[id].length * 1.4));
      expect(pseudo[id], id).not.toBe(ENGLISH[id]);
    }
    const xa = createIntl({ locale: "en", messages: pseudo });
    expect(xa.formatMessage({ id: "send.clips.waiting" }, { n: 3 })).toMatch(
      /^3 çlíps wáítíñg tö bé séñt\. ẍẍẍẍ/,
    );
  });
});
