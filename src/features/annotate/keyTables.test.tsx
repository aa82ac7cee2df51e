// @vitest-environment happy-dom
// The keyboard-action tables: the generic lookup, and for each screen that every action's
// keys run exactly that action (and nothing where its predicate says no), and that the
// shortcuts dialog shows every line of the table.
import { cleanup, render, renderHook, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ENGLISH } from "../../domain/i18n/catalogue.ts";
import { DEFAULT_TAXONOMY } from "../../domain/interchange/taxonomy.ts";
import { actionFor, type HelpRow, helpRows, type KeyAction } from "../../lib/keyActions.ts";
import { ShortcutsDialog as ExpertDialog, expertShortcutId } from "./expert/ShortcutsDialog.tsx";
import {
  CLOSE_HELP,
  EXPERT_ACTIONS,
  type ExpertKeyActions,
  useExpertKeys,
} from "./expert/useExpertKeys.ts";
import { CROWD_ACTIONS, type ShortcutAction, type ShortcutHandlers } from "./keys.ts";
import { ShortcutsDialog as CrowdDialog } from "./ShortcutsDialog.tsx";

afterEach(() => cleanup());

describe("actionFor and helpRows", () => {
  const row: HelpRow = { keys: ["A"], description: "a" };
  const actions: KeyAction<string, string[]>[] = [
    {
      name: "first",
      help: row,
      keyTest: (p) => p.key === "a",
      predicate: (p) => !p.shiftKey,
      perform: (log) => log.push("first"),
    },
    {
      name: "second",
      help: row,
      keyTest: (p) => p.key === "a",
      perform: (log) => log.push("second"),
    },
    {
      name: "third",
      help: { keys: ["B"], description: "b" },
      keyTest: (p) => p.key === "b",
      perform: () => undefined,
    },
  ];
  test("the first action whose key test and predicate hold", () => {
    expect(actionFor(actions, { key: "a" })?.name).toBe("first");
    expect(actionFor(actions, { key: "a", shiftKey: true })?.name).toBe("second");
    expect(actionFor(actions, { key: "c" })).toBeUndefined();
  });
  test("Ctrl, Alt, Meta and composing leave the key to the browser", () => {
    for (const mod of ["ctrlKey", "altKey", "metaKey", "isComposing"]) {
      expect(actionFor(actions, { key: "b", [mod]: true })).toBeUndefined();
    }
  });
  test("each help line once, in table order", () => {
    expect(helpRows(actions).map((r) => r.description)).toEqual(["a", "b"]);
  });
});

describe("crowd screen", () => {
  const body = { tagName: "BODY" } as unknown as EventTarget;
  // One key press per action, written out by hand from the dialog's documentation.
  const presses: Record<ShortcutAction, { key: string; shiftKey?: boolean }> = {
    playPause: { key: " " },
    seekBack: { key: "ArrowLeft" },
    seekForward: { key: "ArrowRight" },
    seekBackFine: { key: "ArrowLeft", shiftKey: true },
    seekForwardFine: { key: "ArrowRight", shiftKey: true },
    markSpan: { key: "m" },
    deleteSpan: { key: "Delete" },
    loopSpan: { key: "l" },
    zoomIn: { key: "+", shiftKey: true },
    zoomOut: { key: "-" },
    rate1: { key: "1" },
    rate2: { key: "2" },
    rate3: { key: "3" },
    rate4: { key: "4" },
    rate5: { key: "5" },
    nextClip: { key: "n" },
    previousClip: { key: "p" },
    finishClip: { key: "Enter" },
    showHelp: { key: "?", shiftKey: true },
    escape: { key: "Escape" },
  };

  test("every action's key runs that action and no other", () => {
    expect(CROWD_ACTIONS.map((a) => a.name).sort()).toEqual(Object.keys(presses).sort());
    for (const [name, press] of Object.entries(presses)) {
      const handlers = Object.fromEntries(
        CROWD_ACTIONS.map((a) => [a.name, vi.fn()]),
      ) as unknown as ShortcutHandlers;
      const action = actionFor(CROWD_ACTIONS, { ...press, target: body });
      expect(action?.name).toBe(name);
      action?.perform(handlers, press);
      for (const a of CROWD_ACTIONS) {
        expect(handlers[a.name]).toHaveBeenCalledTimes(a.name === name ? 1 : 0);
      }
    }
  });

  test("the dialog shows every line of the table", () => {
    render(<CrowdDialog onClose={() => undefined} />);
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const action of CROWD_ACTIONS) {
      expect(within(dialog).getByText(action.help.description)).toBeInTheDocument();
      for (const key of action.help.keys) {
        expect(within(dialog).getAllByText(key, { selector: "kbd" }).length).toBeGreaterThan(0);
      }
    }
  });
});

describe("expert screen", () => {
  function setup() {
    const spies = {
      nextClip: vi.fn(),
      previousClip: vi.fn(),
      nextSpan: vi.fn(),
      previousSpan: vi.fn(),
      toggleReason: vi.fn(),
      playPause: vi.fn(),
      loop: vi.fn(),
      selectOverlapping: vi.fn(),
      showHelp: vi.fn(),
    } satisfies ExpertKeyActions;
    renderHook(() => useExpertKeys(spies, true));
    return spies;
  }
  const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = window) =>
    target.dispatchEvent(
      new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }),
    );

  test("every action's key runs that action and no other", () => {
    const cases: [string, keyof ExpertKeyActions, unknown[]][] = [
      [" ", "playPause", []],
      ["l", "loop", []],
      ["[", "previousSpan", []],
      ["]", "nextSpan", []],
      ["N", "nextClip", []],
      ["p", "previousClip", []],
      ["?", "showHelp", []],
      ["o", "selectOverlapping", []],
      ["O", "selectOverlapping", []],
      ["1", "toggleReason", [0]],
      ["0", "toggleReason", [9]],
      ["-", "toggleReason", [10]],
    ];
    expect(new Set(EXPERT_ACTIONS.map((a) => a.name))).toEqual(new Set(cases.map((c) => c[1])));
    for (const [key, name, args] of cases) {
      const spies = setup();
      press(key);
      for (const [spy, fn] of Object.entries(spies)) {
        expect(fn).toHaveBeenCalledTimes(spy === name ? 1 : 0);
      }
      if (args.length > 0) expect(spies[name]).toHaveBeenCalledWith(...args);
      cleanup();
    }
  });

  test("nothing while typing, with a modifier, or on a held reason key; a held N repeats", () => {
    const spies = setup();
    const input = document.body.appendChild(document.createElement("input"));
    press("n", {}, input);
    press("1", {}, input);
    press("n", { ctrlKey: true });
    press("1", { repeat: true });
    expect(spies.nextClip).not.toHaveBeenCalled();
    expect(spies.toggleReason).not.toHaveBeenCalled();
    press("n", { repeat: true });
    expect(spies.nextClip).toHaveBeenCalledTimes(1);
    // Space on a focused checkbox ticks it instead of playing.
    const box = document.body.appendChild(document.createElement("input"));
    box.type = "checkbox";
    press(" ", {}, box);
    expect(spies.playPause).not.toHaveBeenCalled();
  });

  test("the dialog shows every line of the table and each reason's key", () => {
    render(<ExpertDialog taxonomy={DEFAULT_TAXONOMY} onClose={() => undefined} />);
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const action of EXPERT_ACTIONS) {
      if (action.name === "toggleReason") continue;
      expect(within(dialog).getByText(action.help.description)).toBeInTheDocument();
    }
    for (const t of DEFAULT_TAXONOMY) {
      expect(within(dialog).getByText(`Toggle “${t.label}”`)).toBeInTheDocument();
    }
    expect(within(dialog).getByText("Close this list")).toBeInTheDocument();
  });

  test("every line of the table is a catalogue message with the table's English words", () => {
    for (const row of [...EXPERT_ACTIONS.map((a) => a.help), CLOSE_HELP]) {
      const id = expertShortcutId(row.description);
      expect(id, row.description).toBeDefined();
      expect(ENGLISH[id as keyof typeof ENGLISH]).toBe(row.description);
    }
  });
});
