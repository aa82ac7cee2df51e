import { useEffect } from "react";
import { ensureDemoStudy } from "../db/demo.ts";
import { requestPersistentStorage } from "../db/persist.ts";

/**
 * Start-up work, once per page load: create the demo study on first launch and ask for
 * persistent storage. Both are idempotent (StrictMode runs effects twice). Their failures are
 * already shown as notices by the database layer, so nothing more is done with them here.
 */
export function useStartup() {
  useEffect(() => {
    ensureDemoStudy().catch(() => undefined);
    void requestPersistentStorage();
  }, []);
}
