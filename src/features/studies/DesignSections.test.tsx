// @vitest-environment happy-dom
// New study's "Comparison design" and "Pre-test" sections (issue 39 item 2, issue 40 item 4):
// the pairs made from the chosen files and their metadata, summarised as they change; what is
// stored (pairs[], study.comparison, study.qualification, K and R); the problems said before
// anything is stored; and Edit settings keeping the design or changing it.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { db } from "../../db/db.ts";
import { listPairs, listStudies } from "../../db/repo.ts";
import { HomePage } from "./HomePage.tsx";
import { StudyPage } from "./StudyPage.tsx";

vi.mock("../../audio/decode.ts", async () =>
  (await import("../../../tests/helpers/fakeDecodeAudio.ts")).fakeDecodeAudioModule(() => 2.4),
);
vi.mock("../import-export/ImportAnnotations.tsx", () => ({
  ImportAnnotations: () => <p>import widget</p>,
}));
vi.mock("../import-export/ExportPanel.tsx", () => ({ ExportPanel: () => <p>export widget</p> }));

afterEach(cleanup);
beforeEach(async () => {
  await db.delete();
  await db.open();
});

const wav = (name: string) =>
  new File([new Uint8Array([82, 73, 70, 70, 1, 2])], name, { type: "audio/wav" });

// Two sentences read by a human (the reference) and two systems.
const NAMES = ["s1_human", "s1_A", "s1_B", "s2_human", "s2_A", "s2_B"];
const META = [
  "name,system,sentence,isReference",
  ...NAMES.map((n) => {
    const [sentence, system] = n.split("_");
    return `${n}.wav,${system},${sentence},${system === "human"}`;
  }),
].join("\n");

async function newCompareStudy() {
  const location = memoryLocation({ path: "/", record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook}>
      <HomePage />
    </Router>,
  );
  await user.type(screen.getByLabelText("Study name"), "Voices A/B");
  await user.click(screen.getByRole("radio", { name: /Compare pairs/ }));
  await user.upload(
    screen.getByLabelText("Audio files"),
    NAMES.map((n) => wav(`${n}.wav`)),
  );
  await user.upload(
    screen.getByLabelText(/Clip metadata CSV/),
    new File([META], "meta.csv", { type: "text/csv" }),
  );
  const section = screen.getByRole("group", { name: "Comparison design" });
  return { user, history: location.history, section };
}

test("New study, compare: every pair of systems per sentence, the scale, K and R, a record-only pre-test, stored", async () => {
  const { user, history, section } = await newCompareStudy();
  // Every pair of 3 systems per sentence: 3 a sentence.
  expect(await within(section).findByText("6 pairs to judge: s1 3, s2 3")).toBeInTheDocument();
  expect(within(section).getByLabelText("Pairs per participant")).toHaveValue("10");
  expect(within(section).getByLabelText("Judgments per pair (R)")).toHaveValue("3");

  // Each system against the human recording: 2 a sentence.
  await user.click(within(section).getByRole("radio", { name: /Each system against one/ }));
  expect(within(section).getByLabelText("Against system")).toHaveValue("human");
  expect(within(section).getByText("4 pairs to judge: s1 2, s2 2")).toBeInTheDocument();

  await user.click(within(section).getByRole("radio", { name: /CCR, 7 points/ }));
  await user.type(within(section).getByLabelText("The question"), "Which is more natural?");
  const k = within(section).getByLabelText("Pairs per participant");
  await user.clear(k);
  await user.type(k, "4");
  const r = within(section).getByLabelText("Judgments per pair (R)");
  await user.clear(r);
  await user.type(r, "5");

  const pretest = screen.getByRole("group", { name: "Pre-test (natural vs synthetic pairs)" });
  await user.click(within(pretest).getByRole("checkbox", { name: /Run a pre-test/ }));
  expect(within(pretest).getByLabelText("Pre-test pairs")).toHaveValue("10");
  // Only four natural–synthetic pairs exist: all of them, said so.
  expect(
    within(pretest).getByText(
      "4 pre-test pairs (Pre-test: the clips offer 4 natural–synthetic pairs (fewer than the 10 asked for): the pre-test uses all of them.)",
    ),
  ).toBeInTheDocument();
  const pass = within(pretest).getByLabelText("Pass accuracy (0–1)");
  await user.clear(pass);
  await user.type(pass, "0.75");
  await user.click(within(pretest).getByRole("radio", { name: /Only record the result/ }));

  await user.click(screen.getByRole("button", { name: "Create study" }));
  await waitFor(() => expect(history.at(-1)).toMatch(/^\/studies\//));
  const [study] = await listStudies();
  if (!study) throw new Error("no study");
  expect(study.extra).toMatchObject({
    task: "compare",
    comparison: { scale: "ccr", question: "Which is more natural?" },
    collection: { clipsPerParticipant: 4, ratingsPerClip: 5 },
    qualification: { passAccuracy: 0.75, screenOut: false },
  });
  const pairs = await listPairs(study.id);
  const qualification = study.extra.qualification as { pairs: string[] };
  expect(
    pairs.filter((p) => !qualification.pairs.includes(p.id)).map((p) => [p.id, p.a, p.b]),
  ).toEqual([
    ["s1:human~A", "s1_human", "s1_A"],
    ["s1:human~B", "s1_human", "s1_B"],
    ["s2:human~A", "s2_human", "s2_A"],
    ["s2:human~B", "s2_human", "s2_B"],
  ]);
  expect(qualification.pairs.sort()).toEqual([
    "pretest:s1:A",
    "pretest:s1:B",
    "pretest:s2:A",
    "pretest:s2:B",
  ]);
  for (const id of qualification.pairs) {
    const p = pairs.find((x) => x.id === id);
    expect(p?.a).toMatch(/_human$/);
  }
});

test("New study, compare: a pair,a,b CSV's problems name line and column, and nothing is stored", async () => {
  const { user, section } = await newCompareStudy();
  await user.click(within(section).getByRole("radio", { name: /Pairs from a CSV file/ }));
  await user.click(screen.getByRole("button", { name: "Create study" }));
  expect(within(section).getByText("choose a pair,a,b CSV file")).toBeInTheDocument();
  await user.upload(
    within(section).getByLabelText("Pairs CSV (pair,a,b)"),
    new File(["pair,a,b\np1,s1_A,s1_B\np1,s1_A,nobody\n"], "pairs.csv", { type: "text/csv" }),
  );
  expect(
    await within(section).findByText(
      /pairs\.csv, line 3, column "pair": duplicate pair id "p1" \(first on line 2\)/,
    ),
  ).toBeInTheDocument();
  expect(
    within(section).getByText(/line 3, column "b": unknown clip "nobody"/),
  ).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Create study" }));
  expect(screen.getByText("Please fix the problems above.")).toBeInTheDocument();
  expect(await listStudies()).toEqual([]);
});

test("New study, mark: a pre-test without reference clips says why and stores nothing", async () => {
  const location = memoryLocation({ path: "/", record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook}>
      <HomePage />
    </Router>,
  );
  await user.type(screen.getByLabelText("Study name"), "Marks");
  expect(screen.queryByRole("group", { name: "Comparison design" })).toBeNull();
  await user.upload(screen.getByLabelText("Audio files"), [wav("a.wav"), wav("b.wav")]);
  const pretest = screen.getByRole("group", { name: "Pre-test (natural vs synthetic pairs)" });
  await user.click(within(pretest).getByRole("checkbox", { name: /Run a pre-test/ }));
  expect(within(pretest).getByRole("alert")).toHaveTextContent(
    /^the study has no reference clips: a pre-test pair is a natural recording/,
  );
  await user.click(screen.getByRole("button", { name: "Create study" }));
  expect(await screen.findByText("Please fix the problems above.")).toBeInTheDocument();
  expect(await listStudies()).toEqual([]);
});

test("Edit settings: the current pairs kept, the pre-test switched off, the scale changed", async () => {
  const { user, history } = await newCompareStudy();
  const pretest = screen.getByRole("group", { name: "Pre-test (natural vs synthetic pairs)" });
  await user.click(within(pretest).getByRole("checkbox", { name: /Run a pre-test/ }));
  await user.click(screen.getByRole("button", { name: "Create study" }));
  await waitFor(() => expect(history.at(-1)).toMatch(/^\/studies\//));
  cleanup();
  const [study] = await listStudies();
  if (!study) throw new Error("no study");
  expect(await listPairs(study.id)).toHaveLength(10);
  render(
    <Router hook={memoryLocation({ path: `/studies/${study.id}` }).hook}>
      <StudyPage studyId={study.id} />
    </Router>,
  );
  await user.click(await screen.findByRole("button", { name: "Edit settings" }));
  const form = await screen.findByRole("form", { name: "Study settings" });
  const section = within(form).getByRole("group", { name: "Comparison design" });
  expect(within(section).getByRole("radio", { name: /Keep the current 6 pairs/ })).toBeChecked();
  await user.click(within(section).getByRole("radio", { name: /A\/B preference, forced choice/ }));
  await user.click(within(form).getByRole("checkbox", { name: /Run a pre-test/ }));
  await user.click(within(form).getByRole("button", { name: "Save settings" }));
  await waitFor(async () => {
    const [after] = await listStudies();
    expect(after?.extra.qualification).toBeUndefined();
    expect(after?.extra.comparison).toEqual({ scale: "ab", allowSame: false });
  });
  expect((await listPairs(study.id)).map((p) => p.id).sort()).toEqual([
    "s1:A~B",
    "s1:A~human",
    "s1:B~human",
    "s2:A~B",
    "s2:A~human",
    "s2:B~human",
  ]);
});
