import { beforeEach, expect, test } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { db } from "./db.ts";
import { createStudy, getStudy, setAudioOriginAllowed } from "./repo.ts";
import { studyToFile } from "./studyFiles.ts";

beforeEach(async () => {
  await db.delete();
  await db.open();
  useNotices.getState().clear();
});

test("allowed audio origins are stored per study, sorted, and never exported", async () => {
  const id = await createStudy({ name: "Remote" });
  expect(await setAudioOriginAllowed(id, "https://b.example", true)).toEqual(["https://b.example"]);
  expect(await setAudioOriginAllowed(id, "https://a.example", true)).toEqual([
    "https://a.example",
    "https://b.example",
  ]);
  expect(await setAudioOriginAllowed(id, "https://b.example", false)).toEqual([
    "https://a.example",
  ]);
  expect((await getStudy(id))?.allowedAudioOrigins).toEqual(["https://a.example"]);
  const file = await studyToFile(id);
  expect(JSON.stringify(file)).not.toContain("a.example");
});

test("only an origin is accepted, not a path or another scheme", async () => {
  const id = await createStudy({ name: "Remote" });
  await expect(setAudioOriginAllowed(id, "https://a.example/x.wav", true)).rejects.toThrow(
    "“https://a.example/x.wav” is not an http(s) origin like https://cdn.example.org",
  );
  await expect(setAudioOriginAllowed(id, "javascript:alert(1)", true)).rejects.toThrow(
    "is not an http(s) origin",
  );
  await expect(setAudioOriginAllowed(id, "nope", true)).rejects.toThrow(
    "“nope” is not a web address",
  );
});
