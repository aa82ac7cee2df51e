// @vitest-environment happy-dom
// The Compare screen's choices with a fake worker client: the request it sends (studies in the
// order ticked, labels typed; one study and a grouping its listeners offer), the groupings
// offered, and a refusal shown with the domain's message.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { db } from "../../db/db.ts";
import { createStudy } from "../../db/repo.ts";
import type { CompareRequest } from "../../workers/compareMessages.ts";
import { ComparePage } from "./ComparePage.tsx";
import type { CompareOutcome, CompareRunner } from "./compareClient.ts";

afterEach(cleanup);

beforeEach(async () => {
  await db.delete();
  await db.open();
  await createStudy({ id: "none", name: "None" });
  await createStudy({ id: "pass", name: "Pass test" });
  await createStudy({ id: "groups", name: "Listener groups" });
  await db.annotators.bulkPut([
    {
      studyId: "groups",
      id: "w1",
      role: "crowd",
      platform: { name: "prolific" },
      profile: { arm: "natural", country: "UK" },
      screening: [{ test: "huggins", trials: 6, correct: 6, passed: true }],
    },
    { studyId: "groups", id: "w2", role: "crowd", profile: { country: "US" } },
  ]);
});

function fakeRunner(answer: CompareOutcome) {
  const requests: Omit<CompareRequest, "id">[] = [];
  const runner: CompareRunner = {
    run: async (request) => {
      requests.push(request);
      return answer;
    },
    dispose: () => undefined,
  };
  return { runner, requests };
}

function renderAt(path: string, runner: CompareRunner) {
  const [pathname = path, search = ""] = path.split("?");
  const location = memoryLocation({ path: pathname, searchPath: search });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ComparePage runner={runner} />
    </Router>,
  );
  return userEvent.setup();
}

describe("the Compare screen", () => {
  test("studies in the order ticked, with the labels typed, go to the worker", async () => {
    const { runner, requests } = fakeRunner({ type: "refused", message: "nothing to see" });
    const user = renderAt("/compare", runner);
    const compare = screen.getByRole("button", { name: "Compare" });
    await user.click(await screen.findByRole("checkbox", { name: "Pass test" }));
    expect(compare).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "None" }));
    const labels = screen.getAllByRole("textbox", { name: "Label" });
    await user.type(labels[0] as HTMLElement, "Pass");
    await user.click(compare);
    expect(requests).toEqual([
      { studies: [{ studyId: "pass", label: "Pass" }, { studyId: "none" }] },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "These cannot be compared: nothing to see",
    );
  });

  test("one study's groupings: those its listeners offer; the address can choose them", async () => {
    const { runner, requests } = fakeRunner({ type: "error", message: "boom" });
    const user = renderAt("/compare?study=groups&by=country", runner);
    const by = await screen.findByRole("combobox", { name: "Group listeners by" });
    await waitFor(() =>
      expect([...by.querySelectorAll("option")].map((o) => o.value)).toEqual([
        "platform",
        "arm",
        "screening:huggins",
        "country",
      ]),
    );
    expect(by).toHaveValue("country");
    await user.selectOptions(by, "screening:huggins");
    await user.click(screen.getByRole("button", { name: "Compare" }));
    expect(requests).toEqual([{ studies: [{ studyId: "groups" }], by: "screening:huggins" }]);
    expect(await screen.findByRole("alert")).toHaveTextContent("The comparison failed: boom");
  });

  test("a study whose listeners offer no grouping says so", async () => {
    const { runner } = fakeRunner({ type: "cancelled" });
    renderAt("/compare?study=none&mode=groups", runner);
    expect(
      await screen.findByText(/No listener of this study has a platform, an instruction arm/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Compare" })).toBeDisabled();
  });
});
