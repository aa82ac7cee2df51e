// The compare worker's work with the studies given as files (a fake studyToFile): the same
// figures as `cli compare`, labels from the request, and each refusal as a message.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { compareConditions, conditionsByGroup } from "../domain/stats/conditions.ts";
import type { CompareRequest, CompareResponse } from "./compareMessages.ts";
import { runCompare } from "./runCompare.ts";

const read = (name: string) =>
  JSON.parse(readFileSync(`tests/golden/conditions/${name}.input.json`, "utf8")) as AnnotationFile;
const studies: Record<string, AnnotationFile> = {
  none: read("none"),
  pass: read("pass-test"),
  groups: read("groups"),
};

async function ask(request: Omit<CompareRequest, "id">): Promise<CompareResponse[]> {
  const out: CompareResponse[] = [];
  await runCompare({ ...request, id: 7 }, (m) => out.push(m), {
    studyToFile: async (id) => studies[id],
  });
  return out;
}

describe("runCompare", () => {
  it("compares studies in the order asked, with the labels given", async () => {
    const [answer] = await ask({ studies: [{ studyId: "pass", label: "P" }, { studyId: "none" }] });
    expect(answer?.type).toBe("done");
    if (answer?.type !== "done") return;
    expect(answer.id).toBe(7);
    expect(answer.result.conditions.map((c) => c.label)).toEqual(["P", "None"]);
  });

  it("groups one study's listeners exactly as the domain does", async () => {
    const [answer] = await ask({ studies: [{ studyId: "groups" }], by: "platform" });
    expect(answer).toEqual({
      id: 7,
      type: "done",
      result: compareConditions(
        conditionsByGroup(studies.groups as AnnotationFile, "platform", "x"),
      ),
    });
  });

  it("refuses what cannot be compared, naming the study by its name", async () => {
    expect(await ask({ studies: [{ studyId: "groups" }], by: "shoeSize" })).toEqual([
      {
        id: 7,
        type: "refused",
        message:
          '--by shoeSize: no annotator of "Listener groups" has an intake answer "shoeSize" (profile.shoeSize)',
      },
    ]);
    const [one] = await ask({ studies: [{ studyId: "none" }] });
    expect(one).toMatchObject({
      type: "refused",
      message: expect.stringMatching(/fewer than two conditions/),
    });
    const [two] = await ask({ studies: [{ studyId: "none" }, { studyId: "pass" }], by: "arm" });
    expect(two).toMatchObject({
      type: "refused",
      message: expect.stringMatching(/choose one study/),
    });
  });

  it("says which study is gone", async () => {
    expect(await ask({ studies: [{ studyId: "none" }, { studyId: "gone" }] })).toEqual([
      { id: 7, type: "not-found", studyId: "gone" },
    ]);
  });
});
