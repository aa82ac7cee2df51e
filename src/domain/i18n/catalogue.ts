// The participant pages' messages (ICU MessageFormat, one JSON file per language in
// ./messages, English the source): the ids, and the check of a researcher's own texts
// (`study.participantTexts`, `cli publish --texts FILE.json`) against them.
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import en from "./messages/en.json";

export type MessageId = keyof typeof en;
export type Catalogue = Record<MessageId, string>;

/** The English catalogue: every message id, and the text used when a language lacks one. */
export const ENGLISH: Catalogue = en;
export const MESSAGE_IDS = Object.keys(en) as MessageId[];

/** A language's messages as the pages have them: its catalogue over English (English alone without one). */
export function overEnglish(catalogue: Partial<Catalogue> | undefined): Catalogue {
  return { ...ENGLISH, ...catalogue };
}

export function isMessageId(key: string): key is MessageId {
  return Object.hasOwn(en, key);
}

/** The names of the arguments a message uses (`{n, plural, …}`, `{name}`), sorted. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
      if (e.type === TYPE.tag) {
        walk(e.children);
        continue;
      }
      names.add(e.value);
      if (e.type === TYPE.plural || e.type === TYPE.select) {
        for (const option of Object.values(e.options)) walk(option.value);
      }
    }
  };
  walk(parse(message, { requiresOtherClause: true }));
  return [...names].sort();
}

/**
 * Problems with a researcher's texts: an unknown key, a text that is not a string or not
 * valid ICU MessageFormat, or one that drops or invents an argument the English has
 * ("{n}" must stay). Empty when every text can be used.
 */
export function textsProblems(texts: unknown): string[] {
  if (typeof texts !== "object" || texts === null || Array.isArray(texts))
    return ["the texts must be a JSON object of message id → text"];
  const problems: string[] = [];
  for (const [key, text] of Object.entries(texts)) {
    if (!isMessageId(key)) {
      problems.push(`${key}: not a message of the participant's pages`);
      continue;
    }
    if (typeof text !== "string") {
      problems.push(`${key}: must be a text`);
      continue;
    }
    if (text.length > 4000) {
      problems.push(`${key}: at most 4000 characters`);
      continue;
    }
    let args: string[];
    try {
      args = argumentsOf(text);
    } catch (e) {
      problems.push(`${key}: not valid ICU MessageFormat (${e instanceof Error ? e.message : e})`);
      continue;
    }
    const want = argumentsOf(ENGLISH[key]);
    if (args.join() !== want.join()) {
      const expected = want.length ? want.map((a) => `{${a}}`).join(", ") : "no {…} arguments";
      problems.push(`${key}: must use ${expected}, as the English does`);
    }
  }
  return problems;
}
