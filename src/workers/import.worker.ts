// The import Web Worker: reads the picked annotation files, parses and validates them, plans
// the merge against IndexedDB (Dexie works in workers) and writes the person's choices in one
// transaction, all off the main thread. The logic is importHandler.ts; this wires it up.
import { db } from "../db/db.ts";
import { createImportHandler } from "./importHandler.ts";
import type { ImportRequest, ImportResponse } from "./importMessages.ts";

// The project compiles against the DOM lib; this is the part of the worker scope used here.
interface WorkerScope {
  onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
  postMessage(message: ImportResponse): void;
}
const scope = self as unknown as WorkerScope;
const handle = createImportHandler(db, (message) => scope.postMessage(message));

scope.onmessage = (event) => {
  void handle(event.data);
};
