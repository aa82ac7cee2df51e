import { useEffect } from "react";
import { ensureDemoStudy } from "../db/demo.ts";
import { requestPersistentStorage } from "../db/persist.ts";
import { removeAbandonedImports } from "../db/studies.ts";
import { interruptedMergeMessage } from "../features/import-export/mergeGuard.ts";
import { notify } from "../stores/notices.ts";

/**
 * Start-up work, once per page load (for a participant's page, only the storage request): say so when the last page in this tab was left during a
 * merge, create the demo study on first launch, remove what a large import closed mid-way left
 * behind, and ask for persistent storage. Both are idempotent (StrictMode runs effects twice). Their failures are
 * already shown as notices by the database layer, so nothing more is done with them here.
 */
export function useStartup(participant: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, as first opened
  useEffect(() => {
    // A participant's page (/p/…) downloads only their clips: no demo study, nothing else.
    if (participant) {
      void requestPersistentStorage();
      return;
    }
    const interrupted = interruptedMergeMessage();
    if (interrupted) notify("error", interrupted);
    ensureDemoStudy().catch(() => undefined);
    // A large import whose page was closed mid-way left a hidden, half-written study.
    removeAbandonedImports().catch(() => undefined);
    void requestPersistentStorage();
  }, []);
}
