// The browser tab's title names the screen: "<screen> · <study> · RedPen Annotator", so a
// researcher with several tabs open (and a screen reader user arriving on a page) knows where
// they are.
import { useEffect } from "react";

export const APP_NAME = "RedPen Annotator";

/** The title for these parts, most specific first; empty parts are left out. */
export function documentTitle(...parts: readonly (string | null | undefined)[]): string {
  return [...parts.filter((p): p is string => typeof p === "string" && p.trim() !== ""), APP_NAME]
    .map((p) => p.trim())
    .join(" · ");
}

/** Sets `document.title` from the parts while the calling screen is shown. */
export function useDocumentTitle(...parts: readonly (string | null | undefined)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
