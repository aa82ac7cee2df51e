// The compare worker's work, apart from the worker scope so tests run it with a fake database:
// read each study, make the conditions (studies, or one study's groups) and compare them, exactly
// as `cli compare` does (domain/stats/conditions.ts).
import type { AnnotationFile } from "../domain/interchange/types.ts";
import {
  type Condition,
  ConditionsError,
  compareConditions,
  conditionsByGroup,
  conditionsOfStudies,
} from "../domain/stats/conditions.ts";
import { errorMessage } from "../domain/util/errorText.ts";
import type { CompareRequest, CompareResponse } from "./compareMessages.ts";

export interface CompareDeps {
  studyToFile(studyId: string): Promise<AnnotationFile | undefined>;
}

/** A study as messages name it: its name in quotes. */
const sourceOf = (file: AnnotationFile) => `"${file.study.name}"`;

export async function runCompare(
  request: CompareRequest,
  post: (message: CompareResponse) => void,
  deps: CompareDeps,
): Promise<void> {
  const { id } = request;
  try {
    const files: AnnotationFile[] = [];
    for (const { studyId } of request.studies) {
      const file = await deps.studyToFile(studyId);
      if (file === undefined) {
        post({ id, type: "not-found", studyId });
        return;
      }
      files.push(file);
    }
    let conditions: Condition[];
    if (request.by !== undefined) {
      if (files.length !== 1) {
        post({
          id,
          type: "refused",
          message: "A grouping compares one study's listeners: choose one study.",
        });
        return;
      }
      conditions = conditionsByGroup(
        files[0] as AnnotationFile,
        request.by,
        sourceOf(files[0] as AnnotationFile),
      );
    } else {
      conditions = conditionsOfStudies(
        files.map((file, i) => {
          const label = request.studies[i]?.label;
          return { file, source: sourceOf(file), ...(label ? { label } : {}) };
        }),
      );
    }
    post({ id, type: "done", result: compareConditions(conditions) });
  } catch (error) {
    if (error instanceof ConditionsError) post({ id, type: "refused", message: error.message });
    else post({ id, type: "error", message: errorMessage(error) });
  }
}
