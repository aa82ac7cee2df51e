// A small typed client for the import worker (src/workers/import.worker.ts). One client per
// import card; each call sends one request and settles with its final answer, reporting the
// worker's progress on the way. Where module workers do not exist (happy-dom in component tests)
// the same handler runs in this thread instead, so both paths share every line of import logic.
import type {
  ConflictChoices,
  ConflictView,
  ImportRequest,
  ImportResponse,
  ImportStage,
  LoadResult,
  MergeOutcomeView,
  SaliencyImportResult,
} from "../../workers/importMessages.ts";

/** The part of a Worker the client uses. */
export interface ImportWorkerLike {
  postMessage(message: ImportRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<ImportResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface ImportProgress {
  stage: ImportStage;
  total?: number;
  done?: number;
}

/** A request the worker refused or failed; `quota` when the storage was full. */
export class ImportError extends Error {
  override name = "ImportError";
  constructor(
    message: string,
    readonly quota: boolean,
  ) {
    super(message);
  }
}

type Final = Exclude<ImportResponse, { type: "progress" }>;
type Body = ImportRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

interface Pending {
  resolve: (message: Final) => void;
  onProgress: ((progress: ImportProgress) => void) | undefined;
}

export function createImportWorker(): ImportWorkerLike {
  return new Worker(new URL("../../workers/import.worker.ts", import.meta.url), {
    type: "module",
    name: "redpen-import",
  }) as unknown as ImportWorkerLike;
}

/**
 * The handler in this thread, behind the same interface (no Worker available). The handler
 * (schema, merge planning) is loaded on first use, so it stays out of the page's initial
 * JavaScript; messages keep their order through the one loading promise.
 */
export function createInlineImportWorker(): ImportWorkerLike {
  const worker: ImportWorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (message) => {
      void handler.then((handle) => handle(message));
    },
    terminate: () => {
      worker.onmessage = null;
    },
  };
  const handler = import("../../workers/inlineImport.ts").then(({ createInlineImportHandler }) =>
    createInlineImportHandler((message) =>
      worker.onmessage?.({ data: message } as MessageEvent<ImportResponse>),
    ),
  );
  return worker;
}

export const defaultImportWorker = (): ImportWorkerLike =>
  typeof Worker === "undefined" ? createInlineImportWorker() : createImportWorker();

export class ImportClient {
  private readonly worker: ImportWorkerLike;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(createWorker: () => ImportWorkerLike = defaultImportWorker) {
    this.worker = createWorker();
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      const message = `The import worker stopped: ${event.message || "it could not be started"}`;
      for (const [id, p] of this.pending) p.resolve({ id, type: "error", message, quota: false });
      this.pending.clear();
    };
  }

  async load(
    files: File[],
    onProgress?: (p: ImportProgress) => void,
    intoStudy?: string,
  ): Promise<LoadResult> {
    const answer = await this.send(
      intoStudy === undefined ? { type: "load", files } : { type: "load", files, intoStudy },
      onProgress,
    );
    if (answer.type !== "loaded") throw unexpected(answer);
    return answer.result;
  }

  async remove(name: string, onProgress?: (p: ImportProgress) => void): Promise<LoadResult> {
    const answer = await this.send({ type: "remove", name }, onProgress);
    if (answer.type !== "loaded") throw unexpected(answer);
    return answer.result;
  }

  async conflicts(studyId: string, offset: number, limit: number): Promise<ConflictView[]> {
    const answer = await this.send({ type: "conflicts", studyId, offset, limit });
    if (answer.type !== "conflicts") throw unexpected(answer);
    return answer.conflicts;
  }

  async merge(
    studyId: string,
    choices: ConflictChoices,
    onProgress?: (p: ImportProgress) => void,
  ): Promise<MergeOutcomeView> {
    const answer = await this.send({ type: "merge", studyId, choices }, onProgress);
    if (answer.type !== "merged") throw unexpected(answer);
    return answer.outcome;
  }

  /** A model's saliency files into a stored study (all of them, or none when one is refused). */
  async saliency(
    files: File[],
    studyId: string,
    model: string,
    hopSeconds?: number,
  ): Promise<SaliencyImportResult> {
    const answer = await this.send({
      type: "saliency",
      files,
      studyId,
      model,
      ...(hopSeconds === undefined ? {} : { hopSeconds }),
    });
    if (answer.type !== "saliency") throw unexpected(answer);
    return answer.result;
  }

  dispose(): void {
    this.worker.terminate();
    this.pending.clear();
  }

  private send(body: Body, onProgress?: (p: ImportProgress) => void): Promise<Final> {
    const id = this.nextId++;
    return new Promise<Final>((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ ...body, id } as ImportRequest);
    });
  }

  private receive(message: ImportResponse): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === "progress") {
      const { stage, total, done } = message;
      pending.onProgress?.({
        stage,
        ...(total === undefined ? {} : { total }),
        ...(done === undefined ? {} : { done }),
      });
      return;
    }
    this.pending.delete(message.id);
    pending.resolve(message);
  }
}

function unexpected(answer: Final): ImportError {
  return answer.type === "error"
    ? new ImportError(answer.message, answer.quota)
    : new ImportError(`unexpected answer "${answer.type}" from the import worker`, false);
}
