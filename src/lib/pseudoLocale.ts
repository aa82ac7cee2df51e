// The pseudo-locale (domain/i18n/languages.ts, PSEUDO_LOCALE): the English catalogue with the
// letters of every literal accented and each text lengthened by 40 %, the ICU arguments and
// plural branches left working. Loaded only when a study asks for it (layout checks).
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";
import type { Catalogue, MessageId } from "../domain/i18n/catalogue.ts";

const ACCENTS: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ö",
  u: "ü",
  c: "ç",
  n: "ñ",
  y: "ý",
  A: "Å",
  E: "É",
  I: "Í",
  O: "Ö",
  U: "Ü",
  C: "Ç",
  N: "Ñ",
  Y: "Ý",
};

function lengthen(text: string): string {
  const accented = text.replace(/[aeiouycnAEIOUYCN]/g, (c) => ACCENTS[c] ?? c);
  const extra = Math.ceil(text.replace(/\s/g, "").length * 0.4);
  if (extra === 0) return accented;
  // The padding as words, so that lines can still wrap where a translation's would.
  const pad = "ẍẍẍẍ "
    .repeat(Math.ceil(extra / 5))
    .slice(0, extra)
    .trimEnd();
  return `${accented} ${pad}`.replace(/\s+$/, "");
}

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((e) => {
    if (e.type === TYPE.literal) return { ...e, value: lengthen(e.value) };
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(e.options).map(([k, o]) => [k, { ...o, value: transform(o.value) }]),
      );
      return { ...e, options };
    }
    if (e.type === TYPE.tag) return { ...e, children: transform(e.children) };
    return e;
  });
}

export function pseudoCatalogue(english: Catalogue): Catalogue {
  const out = {} as Catalogue;
  for (const [id, message] of Object.entries(english) as [MessageId, string][]) {
    out[id] = printAST(transform(parse(message)));
  }
  return out;
}
