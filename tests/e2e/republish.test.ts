// Publishing again changes nothing silently (issue 21, item 1): the researcher publishes the
// demo study from its study page, reloads, and the form shows what is published (not the
// defaults); Publish again changes nothing, so the completion code a participant gets is the
// same; a changed code asks first, says what it means for the people in the study, and Cancel
// leaves the server as it was. The consent and screened-out settings set on the page reach the
// participant's pages.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { screenshot, watchErrors } from "./chromium.ts";

const TOKEN = "e2e-republish-token-0123456789";
const CODE = "KEEP42";
let app: AppServer;
let base = "";
let researcher: Page;

beforeAll(async () => {
  app = await serveApp(await testStore("redpen-republish-", TOKEN));
  base = app.base;
  researcher = (await app.browserIn("researcher")).page;
});

afterAll(() => app?.close());

const api = async (method: string, route: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}/api/${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
};

/** A participant through the API, as the participant page does: arrive, send every clip. */
async function participantFinishes(pid: string): Promise<unknown> {
  const arrived = await api("POST", "p/demo/arrive", {
    platform: "prolific",
    participantId: pid,
    answers: {},
  });
  const state = arrived.state as { clips: { position: number }[] };
  let last: Record<string, unknown> = {};
  for (const { position } of state.clips) {
    last = await api(
      "POST",
      "p/demo/submissions",
      { clientId: `${pid}-clip-${position}`, position, spans: [], heardToEnd: true, score: 3 },
      arrived.sessionToken as string,
    );
  }
  return (last.progress as { completion?: unknown }).completion;
}

const settingsOnServer = async () =>
  ((await api("GET", "studies/demo/published", undefined, TOKEN)).settings ?? {}) as Record<
    string,
    unknown
  >;

async function openStudyPage(page: Page) {
  await page.goto(`${base}/studies/demo`);
  await page.getByRole("heading", { name: "Crowd study on a collection server" }).waitFor();
}

test("publish, reload, Publish again: the participants' code is unchanged; a change asks first", async () => {
  const page = researcher;
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors = watchErrors(page);
  await openStudyPage(page);
  await expect.poll(() => page.getByLabel("Server address").inputValue()).toBe(base);
  await page.getByLabel("Researcher token").fill(TOKEN);
  await page.getByLabel("Clips per participant").fill("2");
  await page.getByLabel("Completion code").fill(CODE);
  await page.getByLabel("Screened-out code").fill("OUT7");
  await page.getByRole("button", { name: "Use Prolific's completion address" }).click();
  await page.getByLabel("Consent text").fill("You agree that your answers are kept for 5 years.");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Published: 20 clips;").waitFor();
  const published = {
    clipsPerParticipant: 2,
    ratingsPerClip: 3,
    completionCode: CODE,
    completionUrl: `https://app.prolific.com/submissions/complete?cc=${CODE}`,
    screenedOutCode: "OUT7",
    screenedOutUrl: "https://app.prolific.com/submissions/complete?cc=OUT7",
    consent: "You agree that your answers are kept for 5 years.",
  };
  expect(await settingsOnServer()).toEqual(published);
  expect(await participantFinishes("PIDFIRST")).toEqual({
    code: CODE,
    url: published.completionUrl,
  });
  // The participant's consent page shows the consent text set here.
  expect((await api("GET", "p/demo")).consent).toBe(published.consent);

  // A reload: the form shows what is published, not the defaults.
  await page.reload();
  await page.getByTestId("published-status").waitFor();
  expect(await page.getByTestId("published-status").textContent()).toContain(
    "0 working, 1 finished, 0 screened out, 0 returned",
  );
  expect(await page.getByLabel("Clips per participant").inputValue()).toBe("2");
  expect(await page.getByLabel("Completion code").inputValue()).toBe(CODE);
  expect(await page.getByLabel("Completion address").inputValue()).toBe(published.completionUrl);
  expect(await page.getByLabel("Screened-out code").inputValue()).toBe("OUT7");
  expect(await page.getByLabel("Screened-out address").inputValue()).toBe(published.screenedOutUrl);
  expect(await page.getByLabel("Consent text").inputValue()).toBe(published.consent);
  // Publish again: nothing changes, nothing is asked.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page
    .getByText("Updated: 20 clips; 0 audio file(s) sent, 20 already on the server.")
    .waitFor();
  expect(await page.getByRole("alertdialog").count()).toBe(0);
  expect(await settingsOnServer()).toEqual(published);
  expect(await participantFinishes("PIDSECOND")).toEqual({
    code: CODE,
    url: published.completionUrl,
  });

  // Emptying the code asks first and says what it means; Cancel changes nothing.
  await page.getByLabel("Completion code").fill("");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Publishing would change the live study" });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(
    'Completion code: "KEEP42" → (none): everyone who finishes from now on (0 participant(s) still working) gets no code and cannot complete the study on Prolific.',
  );
  await screenshot(page, "republish-confirm");
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.scrollIntoViewIfNeeded();
  await screenshot(page, "republish-confirm-390");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole("button", { name: "Cancel, change nothing" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(await settingsOnServer()).toEqual(published);
  expect(await participantFinishes("PIDTHIRD")).toEqual({
    code: CODE,
    url: published.completionUrl,
  });
  // A new code, confirmed: the next participant gets it.
  await page.getByLabel("Completion code").fill("NEW99");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await dialog.getByRole("button", { name: "Publish these changes" }).click();
  await page.getByText("Updated: 20 clips;").waitFor();
  expect((await settingsOnServer()).completionCode).toBe("NEW99");

  // Progress by Prolific id; withdrawing one asks, deletes, and says what went.
  await page.getByRole("button", { name: "Show progress" }).click();
  const table = page.getByRole("table", { name: "Participants" });
  await table.waitFor();
  expect(await table.getByRole("row").allInnerTexts()).toHaveLength(4);
  expect(await table.innerText()).toContain("PIDFIRST (Prolific)");
  await page.getByRole("button", { name: "Withdraw PIDFIRST" }).click();
  const ask = page.getByRole("alertdialog", { name: "Withdraw PIDFIRST?" });
  await ask.waitFor();
  await screenshot(page, "withdraw-confirm");
  await ask.getByRole("button", { name: "Delete their data" }).click();
  await page
    .getByText(
      "Withdrew PIDFIRST: deleted their arrival, 2 finished clip(s) with 0 span(s); 0 unfinished clip(s) go to others.",
    )
    .waitFor();
  await expect.poll(() => table.getByRole("row").count()).toBe(3);
  const collected = JSON.stringify(await api("GET", "studies/demo/collect", undefined, TOKEN));
  expect(collected).not.toContain("PIDFIRST");
  expect(collected).toContain("PIDSECOND");
  expect(errors).toEqual([]);
});
