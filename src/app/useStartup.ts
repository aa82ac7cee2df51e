import { useEffect } from "react";
import { ensureDemoStudy } from "../db/demo.ts";
import { requestPersistentStorage } from "../db/persist.ts";
import { removeAbandonedImports } from "../db/studies.ts";
import { interruptedMergeMessage } from "../features/import-export/mergeGuard.ts";
import { notify } from "../stores/notices.ts";

/**
 * Start-up work, once per page load: say so when the last page in this tab was left during a
 * merge, create the demo study on first launch, remove what a large import closed mid-way left
 * behind, and ask for persistent storage. Both are idempotent (StrictMode runs effects twice). Their failures are
 * already shown as notices by the database layer, so nothing more is done with them here.
 */
export function useStartup() {
  useEffect(() => {
    const interrupted = interruptedMergeMessage();
    if (interrupted) notify("error", interrupted);
    ensureDemoStudy().catch(() => undefined);
    // A large import whose page was closed mid-way left a hidden, half-written study.
    removeAbandonedImports().catch(() => undefined);
    void requestPersistentStorage();
  }, []);
}
