import { expect, test } from "vitest";
import { apiPath, ENDPOINTS } from "./endpoints.ts";

test("paths are built from the table, each parameter one %-encoded segment", () => {
  expect(apiPath("participantAudio", { studyId: "a/b c", position: 3 })).toBe(
    "/api/p/a%2Fb%20c/clips/3/audio",
  );
  expect(apiPath("expertLabels", { studyId: "s", regionId: "p0001-ab.c:1.2" })).toBe(
    "/api/x/s/labels/p0001-ab.c%3A1.2",
  );
  expect(apiPath("health", {})).toBe("/api/health");
  expect(apiPath("putAudio", { sha256: "ab12" })).toBe("/api/audio/ab12");
  expect(apiPath("screeningSound", { studyId: "s", round: 0, sound: 2 })).toBe(
    "/api/p/s/screening/0/2",
  );
  expect(apiPath("trialAudio", { studyId: "s", stage: "pretest", position: 3, side: 2 })).toBe(
    "/api/p/s/trials/pretest/3/2/audio",
  );
  expect(apiPath("judge", { studyId: "s" })).toBe("/api/p/s/judgments");
});

test("one endpoint per method and path", () => {
  const keys = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
  expect(new Set(keys).size).toBe(keys.length);
});
