// @vitest-environment happy-dom
// <Language>: a change of language (the study read after the page opened, in another language
// than the browser's) keeps the pages mounted, so what someone was typing survives it. A prompt
// that was remounted lost its annotator id (a browser test met it while the demo study seeded).
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { Language, useT } from "./i18n.tsx";

function Prompt() {
  const t = useT();
  return (
    <label>
      {t("common.tryAgain")}
      <input />
    </label>
  );
}

test("what was typed survives a change of language, and the new language arrives", async () => {
  const { rerender } = render(
    <Language language="en-US">
      <Prompt />
    </Language>,
  );
  const box = await screen.findByRole("textbox", { name: "Try again" });
  await userEvent.type(box, "fin1");
  rerender(
    <Language language="vi">
      <Prompt />
    </Language>,
  );
  // hidden while the Vietnamese catalogue loads, never shown in English under "vi"…
  expect(box.closest('[aria-busy="true"]')).not.toBeNull();
  // …then the Vietnamese catalogue's words, in the same input that kept its value
  // (the catalogue is a module loaded on demand: at load 18 that took over the 5 s default)
  const same = await screen.findByRole("textbox", { name: "Thử lại" }, { timeout: 30_000 });
  expect(same).toBe(box);
  expect(same).toHaveValue("fin1");
  // The document's lang is set by an effect, which React runs after the commit that showed the
  // words (a passive effect: under load it can come a moment later).
  await waitFor(() => expect(document.documentElement.lang).toBe("vi"));
});
