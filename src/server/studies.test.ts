// The researcher's token and publishing (studies.ts): researcher endpoints refuse a missing or
// wrong token and change nothing; audio is stored by its SHA-256 and sent once; publishing
// again changes nothing; a study file the reader refuses is refused with its JSON paths.
// Against PGlite through the HTTP API (tests/server/harness.ts).

import { afterAll, beforeAll, expect, test } from "vitest";
import { compareFile, studyFile } from "../../tests/server/fixtures.ts";
import {
  audioOf,
  type Harness,
  sha,
  startHarness,
  TOKEN,
  wavOf,
} from "../../tests/server/harness.ts";
import { versionTag } from "../domain/api/endpoints.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Publishes with every clip's audio; returns what the server answered the publish. */
async function publish(file: AnnotationFile, settings: Record<string, unknown> = {}) {
  const audio = audioOf(file);
  const result = await h.api("PUT", `studies/${file.study.id}`, { file, settings, audio }, TOKEN);
  expect(result.status).toBe(200);
  for (const c of file.clips) {
    const bytes = wavOf(c.id);
    if ((result.json.missingAudio as string[]).includes(sha(bytes))) {
      const put = await h.api("PUT", `audio/${sha(bytes)}`, bytes, TOKEN, {
        "content-type": "audio/wav",
      });
      expect(put.status).toBe(200);
    }
  }
  return result.json;
}

test("researcher endpoints refuse a missing or wrong token and change nothing", async () => {
  const file = studyFile("locked", 2, ["A"]);
  for (const auth of [undefined, "wrong"]) {
    const r = await h.api("PUT", "studies/locked", { file }, auth);
    expect(r.status).toBe(401);
    expect(r.json.error?.code).toBe("not-researcher");
    expect((await h.api("GET", "studies/locked/collect", undefined, auth)).status).toBe(401);
  }
  expect((await h.api("GET", "studies/locked/collect", undefined, TOKEN)).status).toBe(404);
});

test("publishing: audio by hash, sent once; publishing again changes nothing", async () => {
  const file = studyFile("pub", 2, ["A"]);
  const first = await publish(file, { clipsPerParticipant: 2 });
  expect(first).toMatchObject({ studyId: "pub", clips: 4, created: true });
  expect(first.missingAudio).toHaveLength(4);
  const again = await h.api(
    "PUT",
    "studies/pub",
    {
      file,
      settings: { clipsPerParticipant: 2 },
      audio: audioOf(file),
    },
    TOKEN,
    { "if-match": versionTag(first.version as number) },
  );
  expect(again.json).toMatchObject({ created: false, missingAudio: [] });
  // Audio whose bytes do not match its address is refused.
  const wrong = await h.api("PUT", `audio/${sha(wavOf("x"))}`, wavOf("y"), TOKEN);
  expect(wrong.status).toBe(400);
  expect(wrong.json.error?.message).toBe("the audio's SHA-256 does not match its address");
  // An invalid study file is refused with its JSON paths.
  const bad = structuredClone(file) as unknown as { clips: { duration: unknown }[] };
  (bad.clips[0] as { duration: unknown }).duration = -1;
  const refused = await h.api("PUT", "studies/pub", { file: bad }, TOKEN);
  expect(refused.status).toBe(400);
  expect(refused.json.error?.message).toContain("clips[0].duration");
});

test("a comparison study is published with its pairs; no main pair, or a pre-test pair without one natural clip, refused naming the field", async () => {
  const file = compareFile("pairs", 2, ["A", "B"], { pretest: 2 });
  const published = await publish(file);
  expect(published.clips).toBe(6);
  const back = await h.api("GET", "studies/pairs/published", undefined, TOKEN);
  expect((back.json as { file: AnnotationFile }).file.pairs).toEqual(file.pairs);

  // A view pair in the pre-test: the reader's rule (no reference clip), by its path.
  const viewPretest = compareFile("view-pretest", 1, ["A", "B"]);
  viewPretest.pairs?.push({ id: "v1", clipId: "s01_A", a: "regions:union", b: "regions:overlap" });
  viewPretest.study.qualification = { pairs: ["v1"] };
  const refused = await h.api(
    "PUT",
    "studies/view-pretest",
    { file: viewPretest, settings: {} },
    TOKEN,
  );
  expect(refused.status).toBe(400);
  expect(refused.json.error?.message).toContain("study.qualification.pairs[0]");
  expect((await h.api("GET", "p/view-pretest")).status).toBe(404);

  const onlyPretest = compareFile("only-pretest", 1, ["A"], { pretest: 1 });
  const none = await h.api(
    "PUT",
    "studies/only-pretest",
    { file: onlyPretest, settings: {} },
    TOKEN,
  );
  expect(none.status).toBe(400);
  expect(none.json.error?.message).toBe(
    "pairs: a compare study needs at least one pair to judge besides the pre-test's",
  );
  // A pre-test pair without exactly one reference clip: the reader's rule, its JSON path.
  const twoNatural = compareFile("two-natural", 1, ["A", "B"], { pretest: 1 });
  (twoNatural.pairs?.[1] as { b: string }).b = "s01_human";
  (twoNatural.pairs?.[1] as { a: string }).a = "s01_A";
  (twoNatural.pairs?.[1] as { b: string }).b = "s01_B";
  const wrong = await h.api(
    "PUT",
    "studies/two-natural",
    { file: twoNatural, settings: {} },
    TOKEN,
  );
  expect(wrong.status).toBe(400);
  expect(wrong.json.error?.message).toContain("study.qualification.pairs[0]");
});
