// The language of the page on screen, for the app's own chrome (the app bar and the notices,
// in src/app and src/components) that sits outside a page's <Language> provider. A participant's
// page registers its language here while it is shown (lib/i18n.tsx); the chrome then speaks it.
// This module carries no react-intl, so the first screen's JavaScript does not grow: the
// formatting comes with the page that registered it.
import { useSyncExternalStore } from "react";
import type { MessageId } from "../domain/i18n/catalogue.ts";

export type MessageValues = Record<string, string | number>;

/** A page's language as the chrome needs it: its tag and its messages' formatter. */
export interface PageLanguage {
  tag: string;
  dir: "ltr" | "rtl";
  format(id: MessageId, values?: MessageValues): string;
}

let registered: PageLanguage[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listen of listeners) listen();
}

/** Makes `language` the page's while it is registered; returns the function that removes it. */
export function registerPageLanguage(language: PageLanguage): () => void {
  registered = [...registered, language];
  changed();
  return () => {
    registered = registered.filter((l) => l !== language);
    changed();
  };
}

/** The language registered last and still registered; null on a researcher's (English) page. */
export function currentPageLanguage(): PageLanguage | null {
  return registered.at(-1) ?? null;
}

function subscribe(listen: () => void): () => void {
  listeners.add(listen);
  return () => listeners.delete(listen);
}

/** The page's language for the chrome, re-rendering when a page registers or leaves. */
export function usePageLanguage(): PageLanguage | null {
  return useSyncExternalStore(subscribe, currentPageLanguage, currentPageLanguage);
}
