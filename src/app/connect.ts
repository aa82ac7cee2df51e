// The database layer reports to the UI through hooks it exposes, so that src/db imports no UI
// state: this connects them to the app's stores. Called once at start-up (main.tsx), and by the
// unit tests' setup so that components and repository tests see the same notices. A notice the
// database layer describes (NoticeDetail) also carries its catalogue message, so a participant's
// page shows it in its language (docs/languages.md).
import { setPersistenceListener } from "../db/persist.ts";
import { type NoticeDetail, setNoticeReporter } from "../db/write.ts";
import { type NoticeSaid, notify } from "../stores/notices.ts";
import { useStorageStatus } from "../stores/storage.ts";

/** runWrite's labels of what a participant's page writes, as `app.notice.*`'s `what`. */
const WHAT: Readonly<Record<string, string>> = {
  "the annotator": "annotator",
  "the region": "region",
  "the deletion of the region": "regionDeletion",
  "the submission": "submission",
  "the reasons": "reasons",
  "the study for your review": "review",
};

/** The catalogue message of a notice the database layer described. */
export function noticeMessage(detail: NoticeDetail): NoticeSaid {
  switch (detail.kind) {
    case "saveFailed":
    case "storageFull":
      return {
        id: detail.kind === "saveFailed" ? "app.notice.saveFailed" : "app.notice.storageFull",
        values: {
          what: Object.hasOwn(WHAT, detail.label) ? (WHAT[detail.label] as string) : "other",
          message: detail.error,
        },
      };
    case "newerVersion":
      return { id: "app.notice.newerVersion" };
    case "databaseDeleted":
      return { id: "app.notice.deleted" };
  }
}

export function connectDatabaseToUi(): void {
  setNoticeReporter((kind, message, detail) => {
    notify(kind, message, detail && noticeMessage(detail));
  });
  setPersistenceListener((persistence) => useStorageStatus.setState({ persistence }));
}
