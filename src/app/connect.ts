// The database layer reports to the UI through hooks it exposes, so that src/db imports no UI
// state: this connects them to the app's stores. Called once at start-up (main.tsx), and by the
// unit tests' setup so that components and repository tests see the same notices.
import { setPersistenceListener } from "../db/persist.ts";
import { setNoticeReporter } from "../db/write.ts";
import { notify } from "../stores/notices.ts";
import { useStorageStatus } from "../stores/storage.ts";

export function connectDatabaseToUi(): void {
  setNoticeReporter((kind, message) => {
    notify(kind, message);
  });
  setPersistenceListener((persistence) => useStorageStatus.setState({ persistence }));
}
