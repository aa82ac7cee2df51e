// Every shipped catalogue at once, for the command line (`texts`, `publish --texts`, the protocol
// report's quotes of the pages), where size does not matter. The app never imports this: it
// fetches one language (lib/i18n.tsx).
import { type Catalogue, overEnglish } from "./catalogue.ts";
import { type CatalogueTag, catalogueFor } from "./languages.ts";
import ar from "./messages/ar.json";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import ja from "./messages/ja.json";
import ko from "./messages/ko.json";
import pt from "./messages/pt.json";
import vi from "./messages/vi.json";
import zhHans from "./messages/zh-Hans.json";

export const CATALOGUES: Record<CatalogueTag, Catalogue> = {
  en,
  vi,
  "zh-Hans": zhHans,
  ja,
  ko,
  de,
  fr,
  es,
  pt,
  ar,
};

/** The messages of a language as the pages have them: its catalogue over English (English alone when none ships). */
export function messagesOf(tag: string): Catalogue {
  const shipped = catalogueFor(tag);
  return overEnglish(shipped ? CATALOGUES[shipped] : undefined);
}
