// Which links a study accepts (issue 37, item 6): a Prolific study refuses generic
// `?participant=` links unless its researcher allows them, so a made-up id cannot take a slot
// or reach the completion code; and the same id through the other kind of link is the same
// participant, so someone screened out by the headphone check gets no second try.
import { afterAll, beforeAll, expect, test } from "vitest";
import { screeningSecret, screeningTargets } from "../../src/server/screening.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const arrive = (studyId: string, body: Record<string, unknown>) =>
  h.api("POST", `p/${studyId}/arrive`, body);

test("a Prolific study refuses generic links: no slot, no check, no completion code", async () => {
  const file = studyFile("pro", 2, ["A"]);
  (file.study as Record<string, unknown>).protocol = { platform: "Prolific" };
  await h.publish(file, { clipsPerParticipant: 2, completionCode: "SECRET-CODE" });
  const madeUp = await arrive("pro", { platform: "link", participantId: "made-up-1" });
  expect(madeUp.status).toBe(403);
  expect(madeUp.json.error?.code).toBe("link-not-accepted");
  expect(madeUp.json.error?.message).toMatch(/through Prolific only/);
  expect(JSON.stringify(madeUp.json)).not.toContain("SECRET-CODE");
  // The page learns it before consent (and says so in the study's language).
  expect((await h.api("GET", "p/pro")).json.links).toBe("prolific");
  const real = await arrive("pro", { platform: "prolific", participantId: "5f1a2b3c" });
  expect(real.status).toBe(200);
  // Nothing of the refused arrival was stored.
  const progress = await h.api("GET", "studies/pro/progress", undefined, TOKEN);
  expect((progress.json.perParticipant as unknown[]).length).toBe(1);
});

test("a completion address on Prolific makes it a Prolific study too; the researcher may allow both", async () => {
  const file = studyFile("pro-url", 2, ["A"]);
  await h.publish(file, {
    clipsPerParticipant: 2,
    completionUrl: "https://app.prolific.com/submissions/complete?cc=C0DE",
  });
  expect((await arrive("pro-url", { platform: "link", participantId: "lab-1" })).status).toBe(403);
  (file.study as Record<string, unknown>).participantLinks = "both";
  await h.publish(file, {
    clipsPerParticipant: 2,
    completionUrl: "https://app.prolific.com/submissions/complete?cc=C0DE",
  });
  expect((await arrive("pro-url", { platform: "link", participantId: "lab-1" })).status).toBe(200);
  // A study for generic links only refuses Prolific's; one that says nothing takes both.
  const generic = studyFile("lab", 2, ["A"]);
  (generic.study as Record<string, unknown>).participantLinks = "generic";
  await h.publish(generic, { clipsPerParticipant: 2 });
  const prolific = await arrive("lab", { platform: "prolific", participantId: "5f1a2b3c" });
  expect(prolific.status).toBe(403);
  expect(prolific.json.error?.message).toMatch(/own link only/);
  expect((await h.api("GET", "p/lab")).json.links).toBe("generic");
  const plain = studyFile("plain", 2, ["A"]);
  await h.publish(plain, { clipsPerParticipant: 2 });
  expect((await h.api("GET", "p/plain")).json).not.toHaveProperty("links");
  for (const platform of ["prolific", "link"]) {
    expect((await arrive("plain", { platform, participantId: `x-${platform}` })).status).toBe(200);
  }
});

test("screened out through one kind of link, screened out through the other", async () => {
  const file = studyFile("hp-both", 2, ["A"]);
  file.study.screening = { test: "antiphase", trials: 6, passAt: 5 };
  (file.study as Record<string, unknown>).participantLinks = "both";
  await h.publish(file, { clipsPerParticipant: 2, screenedOutCode: "OUT-1" });
  const secret = await screeningSecret(h.store);
  const answers = (platform: string, right: boolean) =>
    screeningTargets(secret, { studyId: "hp-both", platform, participantId: "PID-7" }, 6).map(
      (t) => (right ? t : (t + 1) % 3),
    );
  const failed = await arrive("hp-both", {
    platform: "prolific",
    participantId: "PID-7",
    screening: { test: "antiphase", choices: answers("prolific", false) },
  });
  expect(failed.status).toBe(200);
  expect((failed.json.state as { status: string }).status).toBe("screened-out");
  // The generic link with the same id, the check answered right this time: still screened out.
  const again = await arrive("hp-both", {
    platform: "link",
    participantId: "PID-7",
    screening: { test: "antiphase", choices: answers("link", true) },
  });
  expect(again.status).toBe(200);
  const state = again.json.state as { status: string; clips: unknown[]; screenedOut?: unknown };
  expect(state.status).toBe("screened-out");
  expect(state.clips).toEqual([]);
  expect(state.screenedOut).toEqual({ code: "OUT-1" });
  // Its session reads the same state; one participant in the study, not two.
  const read = await h.api("GET", "p/hp-both/state", undefined, String(again.json.sessionToken));
  expect((read.json as { status: string }).status).toBe("screened-out");
  const progress = await h.api("GET", "studies/hp-both/progress", undefined, TOKEN);
  expect((progress.json.perParticipant as unknown[]).length).toBe(1);
});

test("a generic link cannot even start a Prolific study's headphone check", async () => {
  const file = studyFile("hp-pro", 2, ["A"]);
  file.study.screening = { test: "huggins", trials: 6, passAt: 5 };
  (file.study as Record<string, unknown>).participantLinks = "prolific";
  await h.publish(file, { clipsPerParticipant: 2 });
  const start = (platform: string) =>
    h.api("POST", "p/hp-pro/screening", { platform, participantId: "made-up-2" });
  expect((await start("link")).status).toBe(403);
  expect((await start("prolific")).status).toBe(200);
});

test("the admission asked before consent refuses a link the study refuses, as arriving does", async () => {
  const file = studyFile("adm", 1, ["A"]);
  (file.study as Record<string, unknown>).participantLinks = "prolific";
  await h.publish(file, { clipsPerParticipant: 2, ratingsPerClip: 1 });
  const admission = (studyId: string, platform: string, participantId: string) =>
    h.api("POST", `p/${studyId}/admission`, { platform, participantId });
  const refused = await admission("adm", "link", "made-up-3");
  expect(refused.status).toBe(403);
  expect(refused.json.error?.code).toBe("link-not-accepted");
  expect((await admission("adm", "prolific", "5f1a2b3c")).json).toEqual({ full: false });
});

test("returned through one kind of link, returned through the other; a new id through either is new", async () => {
  await h.publish(studyFile("ret-both", 4, ["A"]), { clipsPerParticipant: 2 });
  const first = await arrive("ret-both", { platform: "link", participantId: "PID-9" });
  expect(first.status).toBe(200);
  const gone = await h.api("POST", "p/ret-both/return", {}, String(first.json.sessionToken));
  expect(gone.status).toBe(200);
  const other = await arrive("ret-both", { platform: "prolific", participantId: "PID-9" });
  expect(other.status).toBe(409);
  expect(other.json.error?.code).toBe("returned");
  // Another id is a participant of their own through either link.
  const fresh = await arrive("ret-both", { platform: "prolific", participantId: "PID-10" });
  expect(fresh.status).toBe(200);
  expect((fresh.json.state as { clips: unknown[] }).clips.length).toBe(2);
  const progress = await h.api("GET", "studies/ret-both/progress", undefined, TOKEN);
  expect((progress.json.perParticipant as unknown[]).length).toBe(2);
});
