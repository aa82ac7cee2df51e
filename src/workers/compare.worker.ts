// The compare Web Worker: reads the chosen studies from IndexedDB and compares their conditions
// off the main thread (runCompare.ts). One request at a time; the client ends this worker when a
// newer request makes the running one stale.
import { studyToFile } from "../db/studyFiles.ts";
import type { CompareRequest, CompareResponse } from "./compareMessages.ts";
import { runCompare } from "./runCompare.ts";

// The project compiles against the DOM lib; this is the part of the worker scope used here.
interface WorkerScope {
  onmessage: ((event: MessageEvent<CompareRequest>) => void) | null;
  postMessage(message: CompareResponse): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  void runCompare(event.data, (message) => scope.postMessage(message), {
    studyToFile: (studyId) => studyToFile(studyId),
  });
};
