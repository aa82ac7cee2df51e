// @vitest-environment happy-dom
// "Audio for imported clips" decodes each file before storing it: a text file named like a
// clip is refused with the decoder's reason and the clip keeps having no audio.
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { UNDECODABLE } from "../../../tests/helpers/fakeDecodeAudio.ts";
import { db } from "../../db/db.ts";
import { addClips, createStudy, getClipAudio } from "../../db/repo.ts";
import { AddAudio } from "./AddAudio.tsx";

// happy-dom has no Web Audio: files named "broken…" fail to decode as in Chromium.
vi.mock("../../audio/decode.ts", async () =>
  (await import("../../../tests/helpers/fakeDecodeAudio.ts")).fakeDecodeAudioModule(() => 2),
);

afterEach(cleanup);
beforeEach(async () => {
  await db.delete();
  await db.open();
});

test("an undecodable file is refused by name and not stored; the others are", async () => {
  const studyId = await createStudy({ name: "Imported" });
  await addClips(studyId, [
    { clip: { id: "c1", name: "broken-c1.wav", duration: 2 } },
    { clip: { id: "c2", name: "c2.wav", duration: 2 } },
  ]);
  render(<AddAudio studyId={studyId} />);
  const input = await screen.findByLabelText("Add audio");
  await userEvent.upload(input, [
    new File(["not audio"], "broken-c1.wav", { type: "audio/wav" }),
    new File([new Uint8Array([1, 2])], "c2.wav", { type: "audio/wav" }),
  ]);
  const status = await screen.findByRole("status");
  expect(status).toHaveTextContent(
    `Added audio to 1 clip.1 file is not audio this browser can play, not stored:broken-c1.wav: ${UNDECODABLE}`,
  );
  expect(await getClipAudio(studyId, "c1")).toBeUndefined();
  expect(await getClipAudio(studyId, "c2")).toBeDefined();
  expect(await screen.findByText(/1 clip has no audio yet/)).toHaveTextContent("broken-c1.wav");
});
