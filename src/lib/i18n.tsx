// The participant's pages in the study's language (docs/languages.md): react-intl with the
// catalogues of src/domain/i18n/messages. English is bundled (the app's researcher-facing
// crowd screen uses it without a provider); any other language's catalogue is its own chunk,
// fetched only when a study in that language opens. The researcher's own texts
// (`study.participantTexts`) win over the catalogue; a key the catalogue lacks reads English.
import { type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import {
  createIntl,
  createIntlCache,
  IntlContext,
  IntlProvider,
  type IntlShape,
  useIntl,
} from "react-intl";
import {
  type Catalogue,
  ENGLISH,
  type MessageId,
  overEnglish,
  textsProblems,
} from "../domain/i18n/catalogue.ts";
import {
  type CatalogueTag,
  canonicalTag,
  catalogueFor,
  directionOf,
  PSEUDO_LOCALE,
} from "../domain/i18n/languages.ts";
import { registerPageLanguage } from "./pageLanguage.ts";

export type { MessageId } from "../domain/i18n/catalogue.ts";

type Values = Record<string, string | number | Date | null | undefined>;

const cache = createIntlCache();
/** English, for screens shown outside a provider (the researcher's own crowd links, tests). */
export const englishIntl: IntlShape = createIntl({ locale: "en", messages: ENGLISH }, cache);

const LOADERS = import.meta.glob<Partial<Catalogue>>(
  ["../domain/i18n/messages/*.json", "!../domain/i18n/messages/en.json"],
  { import: "default" },
);

/** The messages for a tag: its catalogue over English (null: English alone). */
export async function loadMessages(tag: string): Promise<Catalogue> {
  if (tag === PSEUDO_LOCALE) {
    const { pseudoCatalogue } = await import("./pseudoLocale.ts");
    return pseudoCatalogue(ENGLISH);
  }
  const shipped: CatalogueTag | null = catalogueFor(tag);
  const load =
    shipped && shipped !== "en" ? LOADERS[`../domain/i18n/messages/${shipped}.json`] : undefined;
  return overEnglish(load ? await load() : undefined);
}

/** The researcher's texts that can be used (known ids, valid ICU, the English's arguments). */
export function usableTexts(texts: Record<string, string> | undefined): Partial<Catalogue> {
  const out: Partial<Catalogue> = {};
  for (const [key, text] of Object.entries(texts ?? {})) {
    if (textsProblems({ [key]: text }).length === 0) out[key as MessageId] = text;
  }
  return out;
}

/** The shipped language closest to the browser's, for pages shown before the study is known. */
export function browserLanguage(): string {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const shipped = catalogueFor(tag);
    if (shipped) return canonicalTag(tag) ?? shipped;
  }
  return "en";
}

/** Sets `lang` and `dir` on the document while mounted; restores the previous ones after. */
function useDocumentLanguage(tag: string) {
  useEffect(() => {
    const html = document.documentElement;
    const before = { lang: html.lang, dir: html.dir };
    html.lang = tag;
    html.dir = directionOf(tag);
    return () => {
      html.lang = before.lang;
      html.dir = before.dir;
    };
  }, [tag]);
}

/**
 * The pages below in `language` (a BCP 47 tag), with the researcher's `texts` over its
 * catalogue. Renders nothing while the first catalogue is fetched (a few kB, once). When the
 * language changes (a study read after the page opened, in another language than the browser's),
 * the pages are hidden, not unmounted, until the new catalogue is here: what someone was typing
 * (the annotator id on the prompt) is not lost, and no text shows in the old language.
 */
export function Language({
  language,
  texts,
  children,
}: {
  language: string;
  texts?: Record<string, string> | undefined;
  children: ReactNode;
}) {
  const tag = language === PSEUDO_LOCALE ? PSEUDO_LOCALE : (canonicalTag(language) ?? "en");
  const [loaded, setLoaded] = useState<{ tag: string; messages: Catalogue } | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadMessages(tag).then(
      (messages) => !cancelled && setLoaded({ tag, messages }),
      // A chunk that cannot be fetched (offline on a first visit): English rather than nothing.
      () => !cancelled && setLoaded({ tag, messages: ENGLISH }),
    );
    return () => {
      cancelled = true;
    };
  }, [tag]);
  const textsKey = JSON.stringify(texts ?? {});
  const own = useMemo(() => usableTexts(JSON.parse(textsKey)), [textsKey]);
  useDocumentLanguage(loaded?.tag ?? tag);
  if (!loaded) return <div aria-busy="true" className="min-h-screen" />;
  // While another language's catalogue loads, the pages stay mounted but hidden: nothing is
  // shown in the old language, and nothing typed is lost. The wrapper is always there (as
  // `display: contents` when shown), so React keeps the same tree under it.
  const switching = loaded.tag !== tag;
  return (
    <IntlProvider
      locale={loaded.tag === PSEUDO_LOCALE ? "en" : loaded.tag}
      messages={{ ...loaded.messages, ...own }}
      defaultLocale="en"
      onError={reportIntlError}
    >
      <RegisterPageLanguage tag={loaded.tag} />
      <div className={switching ? "hidden" : "contents"} aria-busy={switching || undefined}>
        {children}
      </div>
    </IntlProvider>
  );
}

/** Lends the page's language to the app's chrome (app bar, notices) while it is shown. */
function RegisterPageLanguage({ tag }: { tag: string }) {
  const intl = useIntl();
  useEffect(
    () =>
      registerPageLanguage({
        tag,
        dir: directionOf(tag),
        format: (id, values) => intl.formatMessage({ id }, values),
      }),
    [tag, intl],
  );
  return null;
}

function reportIntlError(error: Error) {
  // A missing key falls back to English by construction; anything else is a catalogue bug.
  if (import.meta.env.DEV) console.error(error);
}

/** `t(id, values)`: a message of the page's language as a string. */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useContext(IntlContext) ?? englishIntl;
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}

/** The page's formatters (numbers, dates) for its language. */
export function useIntlShape(): IntlShape {
  return useContext(IntlContext) ?? englishIntl;
}
