import { expect, test } from "vitest";
import type { ImportRequest, ImportResponse } from "../../workers/importMessages.ts";
import { ImportClient, ImportError, type ImportWorkerLike } from "./importClient.ts";

/** A worker that records requests; the test answers them. */
function fakeWorker() {
  const sent: ImportRequest[] = [];
  const worker: ImportWorkerLike & { sent: ImportRequest[]; answer(m: ImportResponse): void } = {
    sent,
    onmessage: null,
    onerror: null,
    postMessage: (m) => sent.push(m),
    terminate: () => {},
    answer: (m) => worker.onmessage?.({ data: m } as MessageEvent<ImportResponse>),
  };
  return worker;
}

test("answers go to their request by id; progress is reported; errors reject with quota", async () => {
  const worker = fakeWorker();
  const client = new ImportClient(() => worker);
  const progress: unknown[] = [];
  const merging = client.merge("s", { all: "incoming", byKey: {} }, (p) => progress.push(p));
  const paging = client.conflicts("s", 50, 50);
  expect(worker.sent).toEqual([
    { id: 1, type: "merge", studyId: "s", choices: { all: "incoming", byKey: {} } },
    { id: 2, type: "conflicts", studyId: "s", offset: 50, limit: 50 },
  ]);
  worker.answer({ id: 2, type: "conflicts", conflicts: [] });
  worker.answer({ id: 1, type: "progress", stage: "writing", total: 10, done: 4 });
  worker.answer({ id: 1, type: "error", message: "full", quota: true });
  worker.answer({ id: 1, type: "merged", outcome: {} as never }); // late: ignored
  await expect(paging).resolves.toEqual([]);
  const error = await merging.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportError);
  expect(error).toMatchObject({ message: "full", quota: true });
  expect(progress).toEqual([{ stage: "writing", total: 10, done: 4 }]);
});

test("a worker that stops settles every waiting request with an error", async () => {
  const worker = fakeWorker();
  const client = new ImportClient(() => worker);
  const loading = client.load([]);
  worker.onerror?.({ message: "boom", preventDefault() {} } as ErrorEvent);
  await expect(loading).rejects.toThrow("The import worker stopped: boom");
});
