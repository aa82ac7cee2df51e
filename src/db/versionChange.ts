// A newer RedPen Annotator opened in another tab may upgrade the database to a schema this
// tab's code does not know. Dexie then closes this tab's connection, so the upgrade is not
// blocked; this tells the person why saving stopped and what to do.
import { db as defaultDb, type RedPenDB } from "./db.ts";
import { notify } from "./write.ts";

export const NEWER_VERSION_MESSAGE =
  "RedPen Annotator was updated in another tab. Reload this page to keep working: everything saved so far is kept.";
export const DELETED_MESSAGE =
  "The RedPen database was deleted in another tab (or by the browser). Reload this page.";

/** Shows a notice when another tab upgrades or deletes the database (subscribe once). */
export function watchForNewerVersion(database: RedPenDB = defaultDb): void {
  database.on("versionchange", (event) => {
    if (event.newVersion === null) notify("error", DELETED_MESSAGE, { kind: "databaseDeleted" });
    else notify("error", NEWER_VERSION_MESSAGE, { kind: "newerVersion" });
    // Returning nothing keeps Dexie's default: close this connection so the other tab goes on.
  });
}
