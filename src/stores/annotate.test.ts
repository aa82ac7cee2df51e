// @vitest-environment happy-dom
// The crowd screen's remembered zoom: a factor per clip since version 2; a version-1 level in
// pixels per second (meant for one clip length) starts again from the whole clip.
import { afterEach, expect, test, vi } from "vitest";

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

async function storeWith(saved: unknown) {
  localStorage.setItem("redpen.annotate-ui", JSON.stringify(saved));
  const { useAnnotateUi } = await import("./annotate.ts");
  await useAnnotateUi.persist.rehydrate();
  return useAnnotateUi;
}

test("a version-1 zoom in pixels per second becomes the whole clip; the spectrogram choice stays", async () => {
  const store = await storeWith({ state: { zoom: 300, showSpectrogram: true }, version: 1 });
  expect(store.getState().zoom).toBe(1);
  expect(store.getState().showSpectrogram).toBe(true);
});

test("a version-2 factor is kept, clamped to 1–64", async () => {
  expect(
    (await storeWith({ state: { zoom: 4, showSpectrogram: false }, version: 2 })).getState().zoom,
  ).toBe(4);
  vi.resetModules();
  const store = await storeWith({ state: { zoom: 4, showSpectrogram: false }, version: 2 });
  store.getState().setZoom(1000);
  expect(store.getState().zoom).toBe(64);
  store.getState().setZoom(0.2);
  expect(store.getState().zoom).toBe(1);
});
