// The import worker's handler run in the page itself, on the page's database: where module
// workers do not exist (happy-dom in component tests). The import card's client loads it lazily
// (features/import-export/importClient.ts), so the features reach the database only through
// the repository and this worker-side code.
import { db } from "../db/db.ts";
import { createImportHandler } from "./importHandler.ts";
import type { ImportRequest, ImportResponse } from "./importMessages.ts";

/** The import handler on this page's database, posting its answers to `post`. */
export function createInlineImportHandler(
  post: (message: ImportResponse) => void,
): (request: ImportRequest) => Promise<void> {
  return createImportHandler(db, post);
}
