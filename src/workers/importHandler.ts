// What the import worker does, as a plain function of its messages (import.worker.ts wires it
// to the worker scope; unit tests and environments without module workers call it directly).
// One session per import card: the picked files stay parsed here, so removing a refused file
// or paging through conflicts never re-reads or re-sends the study. Requests run one at a time,
// in the order they came.
import type { RedPenDB } from "../db/db.ts";
import { bytesNeeded, requireSpace } from "../db/space.ts";
import { applyResolution, type IncomingFile, planImport, studyToFile } from "../db/studyFiles.ts";
import { errorMessage, isQuotaError } from "../db/write.ts";
import { transcriptAdditions } from "../domain/formats/csv/readTranscripts.ts";
import { conflictTitle } from "../domain/merge/conflictView.ts";
import {
  expandChoices,
  type MergePlan,
  resolutionSize,
  resolveMerge,
} from "../domain/merge/merge.ts";
import {
  CONFLICT_PAGE,
  type ConflictView,
  type ImportRequest,
  type ImportResponse,
  type LoadResult,
  MISSING_SHOWN,
  type PlanView,
} from "./importMessages.ts";
import { type LoadedFile, readAnnotationFiles } from "./readAnnotationFiles.ts";
import { importSaliency } from "./saliencyImport.ts";

export type Post = (message: ImportResponse) => void;

export { expandChoices };

/** Conflicts `offset … offset + limit` of a plan, each label that follows a region titled. */
export function conflictPage(plan: MergePlan, offset: number, limit: number): ConflictView[] {
  const byKey = new Map(plan.entities.region.conflicts.map((c) => [c.key, c]));
  return plan.conflicts.slice(Math.max(0, offset), Math.max(0, offset) + limit).map((c) => {
    const region = c.followsRegion ? byKey.get(c.followsRegion) : undefined;
    return region ? { ...c, regionTitle: conflictTitle(region) } : c;
  });
}

function planView(plan: MergePlan): PlanView {
  return {
    studyId: plan.studyId,
    studyName: plan.studyName,
    studyExists: plan.studyExists,
    sources: plan.sources,
    summary: plan.summary,
    conflictCount: plan.conflicts.length,
    conflicts: conflictPage(plan, 0, CONFLICT_PAGE),
    missing: {
      count: plan.missingRegions.length,
      labels: plan.missingRegions.reduce((n, m) => n + m.labelledBy.length, 0),
      first: plan.missingRegions.slice(0, MISSING_SHOWN),
    },
  };
}

/**
 * A session: call the returned function with each request; answers (progress first, then one
 * final message per request) go to `post`. The returned promise settles when that request is
 * answered (tests await it).
 */
export function createImportHandler(
  database: RedPenDB,
  post: Post,
): (request: ImportRequest) => Promise<void> {
  let files: LoadedFile[] = [];
  let plans = new Map<string, MergePlan>();
  let queue: Promise<void> = Promise.resolve();

  const plan = async (id: number): Promise<LoadResult> => {
    plans = new Map();
    const valid: IncomingFile[] = [];
    for (const f of files) if (f.result.ok) valid.push({ name: f.name, file: f.result.file });
    const reports = files.map((f) =>
      f.result.ok
        ? { name: f.name, errors: [], warnings: f.result.warnings }
        : { name: f.name, errors: f.result.errors, warnings: [] },
    );
    if (valid.length !== files.length || files.length === 0) {
      return { files: reports, plans: null, planError: null };
    }
    const studies = new Set(valid.map((v) => v.file.study.id)).size;
    post({ id, type: "progress", stage: "comparing", total: studies });
    try {
      const planned = await planImport(valid, database);
      for (const p of planned) plans.set(p.studyId, p);
      return { files: reports, plans: planned.map(planView), planError: null };
    } catch (error) {
      return { files: reports, plans: null, planError: errorMessage(error) };
    }
  };

  const handle = async (request: ImportRequest): Promise<void> => {
    const { id } = request;
    switch (request.type) {
      case "load": {
        post({ id, type: "progress", stage: "reading", total: request.files.length });
        files = [];
        plans = new Map();
        const into =
          request.intoStudy === undefined
            ? undefined
            : await studyToFile(request.intoStudy, database);
        files = await readAnnotationFiles(
          request.files,
          (count) => post({ id, type: "progress", stage: "checking", total: count }),
          into,
        );
        post({ id, type: "loaded", result: await plan(id) });
        return;
      }
      case "remove": {
        files = files.filter((f) => f.name !== request.name);
        post({ id, type: "loaded", result: await plan(id) });
        return;
      }
      case "conflicts": {
        const p = plans.get(request.studyId);
        if (!p) throw new Error(`no import preview for study "${request.studyId}"`);
        post({ id, type: "conflicts", conflicts: conflictPage(p, request.offset, request.limit) });
        return;
      }
      case "saliency": {
        post({ id, type: "saliency", result: await importSaliency(request, database) });
        return;
      }
      case "merge": {
        const p = plans.get(request.studyId);
        if (!p) throw new Error(`no import preview for study "${request.studyId}"`);
        // A transcript added to a stored submission is taken unless the person chose otherwise.
        const choices = {
          ...request.choices,
          byKey: { ...transcriptAdditions(p), ...request.choices.byKey },
        };
        const resolution = resolveMerge(p, expandChoices(p, choices));
        const total = resolutionSize(resolution);
        // Refused before anything is written when it would not fit (db/space.ts).
        await requireSpace(bytesNeeded(0, total), "the import");
        post({ id, type: "progress", stage: "writing", total, done: 0 });
        const outcome = await applyResolution(resolution, database, (done) =>
          post({ id, type: "progress", stage: "writing", total, done }),
        );
        // Written: the plan is spent (merging it again would compare against a stale store).
        plans.delete(request.studyId);
        post({ id, type: "merged", outcome });
        return;
      }
    }
  };

  return (request) => {
    const run = queue.then(() =>
      handle(request).catch((error: unknown) => {
        post({
          id: request.id,
          type: "error",
          message: errorMessage(error),
          quota: isQuotaError(error),
        });
      }),
    );
    queue = run;
    return run;
  };
}
