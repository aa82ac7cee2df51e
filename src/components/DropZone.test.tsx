// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { DropZone } from "./DropZone.tsx";

afterEach(cleanup);

const wav = new File([new Uint8Array(4)], "a.wav", { type: "audio/wav" });

test("dropped files reach onFiles; the zone is highlighted while files are dragged over it", () => {
  const onFiles = vi.fn();
  render(
    <DropZone label="Drop zone for audio files" onFiles={onFiles}>
      <p>inside</p>
    </DropZone>,
  );
  const zone = screen.getByRole("region", { name: "Drop zone for audio files" });
  expect(zone).toHaveClass("border-slate-300");
  fireEvent.dragOver(zone);
  expect(zone).toHaveClass("border-slate-900");
  fireEvent.drop(zone, { dataTransfer: { files: [wav] } });
  expect(onFiles).toHaveBeenCalledWith([wav]);
  expect(zone).toHaveClass("border-slate-300");
});

test("while disabled, or when nothing but text is dropped, onFiles is not called", () => {
  const onFiles = vi.fn();
  const { rerender } = render(
    <DropZone label="Zone" onFiles={onFiles} disabled>
      <p>inside</p>
    </DropZone>,
  );
  const zone = screen.getByRole("region", { name: "Zone" });
  fireEvent.drop(zone, { dataTransfer: { files: [wav] } });
  rerender(
    <DropZone label="Zone" onFiles={onFiles}>
      <p>inside</p>
    </DropZone>,
  );
  fireEvent.drop(zone, { dataTransfer: { files: [] } });
  expect(onFiles).not.toHaveBeenCalled();
  fireEvent.dragOver(zone);
  fireEvent.dragLeave(zone);
  expect(zone).toHaveClass("border-slate-300");
});
