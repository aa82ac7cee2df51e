// @vitest-environment happy-dom
// The study page's export buttons: each downloads its file, named as docs/formats.md says, with
// the exporters' contents for the stored study; a study that is not there says so.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { db } from "../../db/db.ts";
import { applyMerge, planImport } from "../../db/studyFiles.ts";
import { toBinMatrixCsv } from "../../domain/export/bins.ts";
import type { ExportDownload } from "../../domain/export/bundles.ts";
import { exportFixture } from "../../domain/export/fixture.test-data.ts";
import { toSpanCsv } from "../../domain/formats/csv/writeSpans.ts";
import { ExportPanel } from "./ExportPanel.tsx";

const downloads: ExportDownload[] = [];
vi.mock("../../lib/download.ts", () => ({
  downloadFile: (d: ExportDownload) => downloads.push(d),
}));

afterEach(cleanup);
beforeEach(async () => {
  downloads.length = 0;
  await db.delete();
  await db.open();
});

async function storeFixture() {
  const [plan] = await planImport([{ name: "pilot.json", file: exportFixture() }]);
  if (!plan) throw new Error("no plan");
  await applyMerge(plan, {});
}

const entries = (d: ExportDownload | undefined) =>
  Object.keys(unzipSync(d?.data as Uint8Array)).sort();

test("every button downloads its file, named after the study, with the exporters' contents", async () => {
  await storeFixture();
  render(<ExportPanel studyId="pilot" />);
  // The download comes after the study is read and the file built: wait for it.
  const click = async (name: string) => {
    const before = downloads.length;
    await userEvent.click(await screen.findByRole("button", { name }));
    await waitFor(() => expect(downloads.length).toBe(before + 1));
    return downloads[downloads.length - 1];
  };

  const csv = await click("Export CSV");
  expect([csv?.fileName, csv?.mimeType]).toEqual(["pilot-spans.csv", "text/csv"]);
  expect(csv?.data).toBe(toSpanCsv(exportFixture()));

  const bins = await click("Export per-bin matrix (CSV)");
  expect([bins?.fileName, bins?.data]).toEqual(["pilot-bins.csv", toBinMatrixCsv(exportFixture())]);

  const audacity = await click("Export Audacity labels (.zip)");
  expect([audacity?.fileName, audacity?.mimeType]).toEqual([
    "pilot-audacity-labels.zip",
    "application/zip",
  ]);
  expect(entries(audacity)).toEqual([
    "N18_30001.txt",
    "by-annotator/N18_30001.w17.txt",
    "by-annotator/N18_30001.w3.txt",
    "by-annotator/say, _hi_.w17.txt",
    "by-annotator/say, _hi_.w3.txt",
    "say, _hi_.txt",
  ]);

  const grids = await click("Export Praat TextGrids (.zip)");
  expect(grids?.fileName).toBe("pilot-textgrids.zip");
  expect(entries(grids)).toEqual(["N18_30001.TextGrid", "say, _hi_.TextGrid"]);
  const grid = strFromU8(unzipSync(grids?.data as Uint8Array)["N18_30001.TextGrid"] as Uint8Array);
  expect(grid).toContain('name = "consensus (majority)"');
  expect(grid).toContain('name = "no reasons"');

  const elan = await click("Export ELAN files (.zip)");
  expect(elan?.fileName).toBe("pilot-elan.zip");
  expect(entries(elan)).toEqual(["N18_30001.eaf", "say, _hi_.eaf"]);

  const consensus = await click("Export crowd consensus (.zip)");
  expect(consensus?.fileName).toBe("pilot-consensus.zip");
  expect(entries(consensus)).toEqual(["pilot-consensus.csv", "pilot-consensus.json"]);

  const json = await click("Export JSON");
  expect([json?.fileName, json?.mimeType]).toEqual(["pilot.json", "application/json"]);
  expect(JSON.parse(json?.data as string).regions).toHaveLength(6);

  const all = await click("Export everything (.zip)");
  expect(all?.fileName).toBe("pilot-all-exports.zip");
  expect(entries(all)).toEqual([
    "audacity/N18_30001.txt",
    "audacity/by-annotator/N18_30001.w17.txt",
    "audacity/by-annotator/N18_30001.w3.txt",
    "audacity/by-annotator/say, _hi_.w17.txt",
    "audacity/by-annotator/say, _hi_.w3.txt",
    "audacity/say, _hi_.txt",
    "elan/N18_30001.eaf",
    "elan/say, _hi_.eaf",
    "pilot-bins.csv",
    "pilot-consensus.csv",
    "pilot-consensus.json",
    "pilot-spans.csv",
    "pilot.json",
    "textgrid/N18_30001.TextGrid",
    "textgrid/say, _hi_.TextGrid",
  ]);
  expect(downloads).toHaveLength(8);
  expect(screen.queryByRole("alert")).toBeNull();
});

test("a study that is not in this browser: the error, and no download", async () => {
  render(<ExportPanel studyId="gone" />);
  await userEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(
    'Could not export: there is no study "gone" in this browser',
  );
  expect(downloads).toHaveLength(0);
});

test("the sclite export is offered only for a study with transcripts to score", () => {
  const { unmount } = render(<ExportPanel studyId="pilot" />);
  expect(screen.queryByRole("button", { name: "Export transcripts for sclite (.zip)" })).toBeNull();
  expect(screen.getAllByRole("button")).toHaveLength(8);
  unmount();
  render(<ExportPanel studyId="pilot" transcripts />);
  expect(
    screen.getByRole("button", { name: "Export transcripts for sclite (.zip)" }),
  ).toBeInTheDocument();
  expect(screen.getAllByRole("button")).toHaveLength(9);
});
