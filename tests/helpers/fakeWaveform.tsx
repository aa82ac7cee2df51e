// A stand-in for src/audio/Waveform.tsx in component tests: happy-dom has no Web Audio, so the
// crowd and expert screens are tested against this fake, and the real waveform in Chromium.
//
//   vi.mock("…/audio/Waveform.tsx", async () =>
//     (await import("…/tests/helpers/fakeWaveform.tsx")).fakeWaveformModule(3));
//   import { waveformHandle as handle } from "…/tests/helpers/fakeWaveform.tsx";
//
// It reports `duration` seconds as soon as it mounts, records every call on its handle
// (`waveformHandle`, vi.fn()s), and renders what a drag would do as buttons: "fake drag 1–2"
// (creates a span from 1 s to 2 s), "fake move first" (moves the first span to 0.5–1.5 s),
// "fake play", and one button per span ("wave span <label>", showing the label) with the
// span's colour, times, editability and selection in data attributes.
import { forwardRef, useEffect, useImperativeHandle } from "react";
import { vi } from "vitest";
import type { WaveformHandle, WaveformProps } from "../../src/audio/Waveform.tsx";

export const waveformHandle = {
  playPause: vi.fn(),
  play: vi.fn(),
  pause: vi.fn(),
  seekBy: vi.fn(),
  playSpan: vi.fn(),
  stopLoop: vi.fn(),
  zoomBy: vi.fn(),
  getCurrentTime: vi.fn(() => 0),
} satisfies WaveformHandle;

/** Clears the calls recorded on the handle (call in beforeEach). */
export function resetWaveformHandle(): void {
  for (const fn of Object.values(waveformHandle)) fn.mockClear();
}

/** The mocked module: a Waveform that reports `duration` seconds once mounted. */
export function fakeWaveformModule(duration: number) {
  return {
    Waveform: forwardRef<WaveformHandle, WaveformProps>(function FakeWaveform(props, ref) {
      useImperativeHandle(ref, () => waveformHandle);
      const { onReady } = props;
      useEffect(() => onReady?.(duration), [onReady]);
      const first = props.spans[0];
      return (
        <section aria-label="Waveform" data-testid="fake-waveform" data-audio={String(props.audio)}>
          <button type="button" onClick={() => props.onCreate?.(1, 2)}>
            fake drag 1–2
          </button>
          <button type="button" onClick={() => first && props.onChange?.(first.id, 0.5, 1.5)}>
            fake move first
          </button>
          <button type="button" onClick={() => props.onPlay?.()}>
            fake play
          </button>
          {props.spans.map((s) => (
            <button
              key={s.id}
              type="button"
              aria-label={`wave span ${s.label}`}
              data-testid="wave-span"
              data-color={s.color}
              data-editable={String(s.editable)}
              data-start={s.start}
              data-end={s.end}
              data-selected={String(s.id === props.selectedId)}
              onClick={() => props.onSelect?.(s.id)}
            >
              {s.label}
            </button>
          ))}
        </section>
      );
    }),
  };
}
