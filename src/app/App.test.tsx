// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { db } from "../db/db.ts";
import { ensureDemoStudy } from "../db/demo.ts";
import { PERSIST_DENIED_MESSAGE } from "../db/persist.ts";
import { addClips, createStudy } from "../db/repo.ts";
import { runWrite } from "../db/write.ts";
import { analysisPath, annotatePath, routeId, studyPath } from "../lib/routes.ts";
import { useNotices } from "../stores/notices.ts";
import { useStorageStatus } from "../stores/storage.ts";
import { App } from "./App.tsx";

// The analysis screen is loaded on demand (React.lazy). Loaded here first, so that the tests
// wait for it to render, not for its module (and the charting library's) to be transformed,
// which can take seconds on a loaded machine.
beforeAll(() => import("../features/analysis/AnalysisPage.tsx"), 60_000);

vi.mock("../db/demo.ts", () => ({
  DEMO_STUDY_ID: "demo",
  ensureDemoStudy: vi.fn(async () => "exists"),
}));

afterEach(() => {
  cleanup();
  useNotices.getState().clear();
});

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <App />
    </Router>,
  );
  return location;
}

test("the shell: app name links home, unknown routes say so, the demo is ensured", async () => {
  renderAt("/nowhere");
  expect(screen.getByRole("link", { name: "RedPen Annotator" })).toHaveAttribute("href", "/");
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  expect(ensureDemoStudy).toHaveBeenCalled();
});

test("a participant's page shows a wordless spinner until its code and language load", () => {
  renderAt("/p/some-study?participant=p1");
  const busy = document.querySelector('main[aria-busy="true"]');
  expect(busy).not.toBeNull();
  expect(busy?.textContent).toBe("");
});

test("a merge cut short by leaving the page is reported on the next load", async () => {
  // What guardMerge leaves in this tab's sessionStorage while a merge runs.
  sessionStorage.setItem(
    "redpen:merge-running",
    JSON.stringify({ studyName: "Pilot", files: 1, startedAt: "2026-11-24T03:00:00Z" }),
  );
  renderAt("/nowhere");
  const region = screen.getByRole("region", { name: "Notices" });
  expect(
    await within(region).findByText(/^The merge of 1 file into study “Pilot” was cancelled/),
  ).toBeInTheDocument();
  expect(sessionStorage.getItem("redpen:merge-running")).toBeNull();
});

test("write errors appear in the notices area", async () => {
  renderAt("/studies/nope");
  expect(await screen.findByRole("heading", { name: "Study not found" })).toBeInTheDocument();
  act(() => {
    useNotices.getState().push("error", "Storage is full: could not save the region.");
  });
  const region = screen.getByRole("region", { name: "Notices" });
  expect(region).toHaveTextContent("Storage is full: could not save the region.");
  expect(screen.getByRole("alert")).toHaveTextContent("Storage is full");
});

test("refused persistent storage: a header indicator that explains, no toast over the page", async () => {
  renderAt("/nowhere");
  expect(screen.queryByText("Storage not persistent")).not.toBeInTheDocument();
  act(() => {
    useStorageStatus.setState({ persistence: "denied" });
  });
  expect(screen.getByText("Storage not persistent")).toBeInTheDocument();
  expect(screen.getByText(PERSIST_DENIED_MESSAGE)).toBeInTheDocument();
  expect(useNotices.getState().notices).toEqual([]);
  act(() => {
    useStorageStatus.setState({ persistence: "unknown" });
  });
});

test("a local annotator's link: the bar and the notices in the study's language, English again for the researcher", async () => {
  await createStudy({ id: "vn", name: "Nghiên cứu thử", extra: { language: "vi" } });
  await addClips("vn", [
    { clip: { id: "c1", name: "c1.wav", duration: 1 }, blob: new Blob([new Uint8Array(44)]) },
  ]);
  const location = renderAt("/annotate/vn?annotator=w1&role=crowd");
  await screen.findByRole("heading", { name: /c1\.wav/ });
  const nav = await screen.findByRole("navigation", { name: "Chính" });
  expect(within(nav).getByRole("link", { name: "Nghiên cứu" })).toHaveAttribute("href", "/");
  expect(screen.queryByText("Studies")).toBeNull();
  act(() => {
    useStorageStatus.setState({ persistence: "denied" });
  });
  expect(screen.getByText("Bộ nhớ không bền vững")).toBeInTheDocument();
  expect(screen.queryByText("Storage not persistent")).toBeNull();
  // A write that fails: the database layer's notice, in the page's language.
  await runWrite("the region", () => Promise.reject(new Error("disk full"))).catch(() => undefined);
  const notices = screen.getByRole("region", { name: "Thông báo" });
  expect(within(notices).getByRole("alert")).toHaveTextContent("Không lưu được vùng: disk full");
  expect(
    within(notices).getByRole("button", { name: "Đóng: Không lưu được vùng: disk full" }),
  ).toBeInTheDocument();

  // Back on the researcher's pages: the English bar, the same notice in English.
  act(() => location.navigate("/nowhere"));
  await screen.findByRole("heading", { name: "Page not found" });
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  expect(screen.getByText("Storage not persistent")).toBeInTheDocument();
  expect(screen.getByRole("region", { name: "Notices" })).toHaveTextContent(
    "Could not save the region: disk full",
  );
  act(() => {
    useStorageStatus.setState({ persistence: "unknown" });
  });
});

test("after a navigation whose link disappears, focus lands on the new screen's heading", async () => {
  const location = renderAt("/nowhere");
  const back = screen.getByRole("link", { name: "Back to the studies" });
  back.focus();
  // The not-found screen's link goes away with it; the next screen's h1 takes focus.
  act(() => location.navigate("/studies/nope"));
  const heading = await screen.findByRole("heading", { level: 1, name: "Study not found" });
  await waitFor(() => expect(heading).toHaveFocus());
  // A control that keeps focus across the navigation keeps it.
  const home = screen.getByRole("link", { name: "RedPen Annotator" });
  await userEvent.click(home);
  await screen.findByRole("heading", { level: 1, name: "RedPen Annotator" });
  await new Promise((r) => setTimeout(r, 50));
  expect(home).toHaveFocus();
});

describe("study ids with / : ? # % in them", () => {
  const ODD = "a/b:c?d#e";
  const ENCODED = "a%2Fb%3Ac%3Fd%23e";

  beforeEach(async () => {
    await db.delete();
    await db.open();
  });

  test("can be opened from home, the study page, annotator links and the analysis", async () => {
    await createStudy({ id: ODD, name: "Odd study" });
    await addClips(ODD, [
      { clip: { id: "c1", name: "c1.wav", duration: 1 }, blob: new Blob([new Uint8Array(44)]) },
    ]);
    const location = renderAt("/");
    const user = userEvent.setup();

    // Home: every link carries the id as one encoded segment.
    const name = await screen.findByRole("link", { name: "Odd study" });
    expect(name).toHaveAttribute("href", `/studies/${ENCODED}`);
    expect(screen.getByRole("link", { name: "Annotate Odd study" })).toHaveAttribute(
      "href",
      `/annotate/${ENCODED}`,
    );
    expect(screen.getByRole("link", { name: "Analysis Odd study" })).toHaveAttribute(
      "href",
      `/studies/${ENCODED}/analysis`,
    );

    // The study page finds the study by the decoded id.
    await user.click(name);
    expect(location.history?.at(-1)).toBe(`/studies/${ENCODED}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Odd study" })).toBeInTheDocument();
    await user.type(await screen.findByLabelText("Annotator id"), "w1");
    expect(screen.getByLabelText("Link")).toHaveValue(
      `${window.location.origin}/annotate/${ENCODED}?annotator=w1&role=crowd`,
    );

    // The analysis screen asks its worker (a silent fake here) for the decoded id.
    const posted: unknown[] = [];
    vi.stubGlobal(
      "Worker",
      class {
        onmessage = null;
        onerror = null;
        postMessage(message: unknown) {
          posted.push(message);
        }
        terminate() {}
      },
    );
    await user.click(screen.getByRole("link", { name: "Analysis" }));
    const crumb = await screen.findByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumb).getByRole("link", { name: /Odd study|a\/b:c\?d#e/ })).toHaveAttribute(
      "href",
      `/studies/${ENCODED}`,
    );
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ studyId: ODD })]));
    vi.unstubAllGlobals();

    // The annotator link opens the annotate screen of this study.
    act(() => location.navigate(`/annotate/${ENCODED}?annotator=w1&role=crowd`));
    expect(await screen.findByRole("heading", { name: /c1\.wav/ })).toBeInTheDocument();
  });

  test("an id is decoded exactly once: '%' and a literal '%2F' survive", async () => {
    const id = "100% a%2Fb";
    await createStudy({ id, name: "Percent study" });
    expect(studyPath(id)).toBe("/studies/100%25%20a%252Fb");
    renderAt(studyPath(id));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Percent study" }),
    ).toBeInTheDocument();
  });

  test("routeId keeps a malformed escape as typed", () => {
    expect(routeId("50%")).toBe("50%");
    expect(routeId(ENCODED)).toBe(ODD);
    expect(annotatePath(ODD, { annotator: "w 1", role: "crowd" })).toBe(
      `/annotate/${ENCODED}?annotator=w+1&role=crowd`,
    );
    expect(analysisPath(ODD)).toBe(`/studies/${ENCODED}/analysis`);
  });
});
