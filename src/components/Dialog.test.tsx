// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { Dialog } from "./Dialog.tsx";

afterEach(cleanup);

/** A page with an opener button and a dialog holding a field and a link. */
function Page({ onPageKey }: { onPageKey?: (key: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: records keys that reach the page
    <div onKeyDown={(e) => onPageKey?.(e.key)}>
      <button type="button" onClick={() => setOpen(true)}>
        Open help
      </button>
      {open && (
        <Dialog title="Help" onClose={() => setOpen(false)} closeKeys={["?"]}>
          <input aria-label="Search" />
          <a href="#more">More</a>
        </Dialog>
      )}
    </div>
  );
}

test("is a labelled modal that takes focus, traps Tab both ways and closes with Escape", async () => {
  const user = userEvent.setup();
  render(<Page />);
  const opener = screen.getByRole("button", { name: "Open help" });
  await user.click(opener);
  const dialog = screen.getByRole("dialog", { name: "Help" });
  expect(dialog).toHaveAttribute("aria-modal", "true");
  const close = screen.getByRole("button", { name: "Close" });
  expect(close).toHaveFocus();
  // Close → Search → More → back to Close; Shift+Tab from Close wraps to More.
  await user.tab();
  expect(screen.getByRole("textbox", { name: "Search" })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole("link", { name: "More" })).toHaveFocus();
  await user.tab();
  expect(close).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole("link", { name: "More" })).toHaveFocus();
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test("extra close keys close it, the Close button too, and keys do not reach the page", async () => {
  const user = userEvent.setup();
  const onPageKey = vi.fn();
  render(<Page onPageKey={onPageKey} />);
  const opener = screen.getByRole("button", { name: "Open help" });
  await user.click(opener);
  await user.keyboard("?");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
  await user.click(opener);
  await user.keyboard("{Escape}");
  expect(onPageKey).not.toHaveBeenCalledWith("Escape");
  expect(onPageKey).not.toHaveBeenCalledWith("?");
  await user.click(opener);
  await user.click(screen.getByRole("button", { name: "Close" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});
