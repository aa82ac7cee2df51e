// Shared by the annotate benchmarks: click a button on the page and time how long until the
// next clip's waveform is ready to play (the mark <Waveform> sets on wavesurfer's `ready`).
import type { Page } from "playwright-core";

const READY_MARK = "redpen:waveform-ready"; // WAVEFORM_READY_MARK in src/audio/Waveform.tsx

/** Clicks the button whose text is `label` and resolves with the ms until the next ready mark. */
export function timeToWaveformReady(page: Page, label: string): Promise<number> {
  return page.evaluate(
    ({ mark, label }) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll("button")].find(
          (b) => b.textContent?.trim() === label,
        );
        if (!button) return reject(new Error(`no ${label} button`));
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === mark);
          if (entry) {
            observer.disconnect();
            resolve(entry.startTime - t0);
          }
        });
        observer.observe({ type: "mark" });
        const t0 = performance.now();
        button.click();
        setTimeout(() => reject(new Error("waveform not ready after 20 s")), 20_000);
      }),
    { mark: READY_MARK, label },
  );
}
