// The analysis Web Worker: reads a stored study from IndexedDB (Dexie works in workers) and
// computes every figure of the analysis screen off the main thread. One request at a time;
// the client terminates this worker when a newer request makes the running one stale.
import type Dexie from "dexie";
import { db, ofStudy } from "../db/db.ts";
import { studyToFile } from "../db/studyFiles.ts";
import { analyze } from "../domain/stats/index.ts";

import type { AnalysisRequest, AnalysisResponse } from "./analysisMessages.ts";
import { type AnalysisDeps, runAnalysis } from "./runAnalysis.ts";

// The project compiles against the DOM lib; this is the part of the worker scope used here.
interface WorkerScope {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: AnalysisResponse, transfer?: ArrayBuffer[]): void;
}
const scope = self as unknown as WorkerScope;
const cache: NonNullable<AnalysisDeps["cache"]> = {};

/** Rows a read of the study brings: counted on the primary keys, without reading the rows. */
async function countRows(studyId: string): Promise<number> {
  const counts = await Promise.all(
    ([db.clips, db.submissions, db.regions, db.reasonLabels] as Dexie.Table[]).map((table) =>
      ofStudy(table, studyId).count(),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

scope.onmessage = (event) => {
  void runAnalysis(event.data, (message, transfer) => scope.postMessage(message, transfer ?? []), {
    studyToFile: (studyId) => studyToFile(studyId),
    analyze,
    countRows,
    cache,
  });
};
