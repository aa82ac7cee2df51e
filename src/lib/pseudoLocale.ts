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

function accent(text: string): string {
  return text.replace(/[aeiouycnAEIOUYCN]/g, (c) => ACCENTS[c] ?? c);
}

/** The padding that makes a text of `letters` characters 40 % longer, as words that can wrap. */
function padding(letters: number): string {
  const extra = Math.ceil(letters * 0.4);
  return "ẍẍẍẍ "
    .repeat(Math.ceil(extra / 5))
    .slice(0, extra)
    .trimEnd();
}

function letters(elements: MessageFormatElement[]): number {
  let n = 0;
  for (const e of elements) {
    if (e.type === TYPE.literal) n += e.value.length;
    else if (e.type === TYPE.tag) n += letters(e.children);
  }
  return n;
}

function accentAll(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((e) => {
    if (e.type === TYPE.literal) return { ...e, value: accent(e.value) };
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(e.options).map(([k, o]) => [k, { ...o, value: lengthened(o.value) }]),
      );
      return { ...e, options };
    }
    if (e.type === TYPE.tag) return { ...e, children: accentAll(e.children) };
    return e;
  });
}

/** Accented, with one padding at the end (each plural or select branch padded on its own). */
function lengthened(elements: MessageFormatElement[]): MessageFormatElement[] {
  const out = accentAll(elements);
  const pad = padding(letters(elements));
  if (pad === "") return out;
  const last = out.at(-1);
  if (last?.type === TYPE.literal)
    return [...out.slice(0, -1), { ...last, value: `${last.value} ${pad}` }];
  return [...out, { type: TYPE.literal, value: ` ${pad}` }];
}

export function pseudoCatalogue(english: Catalogue): Catalogue {
  const out = {} as Catalogue;
  for (const [id, message] of Object.entries(english) as [MessageId, string][]) {
    out[id] = printAST(lengthened(parse(message)));
  }
  return out;
}
