// Whether the browser agreed to keep this site's IndexedDB persistent (src/db/persist.ts asks
// once per page load). The header shows a small indicator when it did not; nothing covers the
// page, since annotators see it on every visit in browsers that always refuse.
import { create } from "zustand";

export type PersistResult = "granted" | "denied" | "unsupported";

export const useStorageStatus = create<{ persistence: PersistResult | "unknown" }>(() => ({
  persistence: "unknown",
}));
