import { describe, expect, test, vi } from "vitest";
import {
  annotatorIdProblem,
  IDENTITY_KEY,
  identityFromSearch,
  loadIdentity,
  saveIdentity,
  searchWithIdentity,
} from "../../lib/identity.ts";
import { AudioCache } from "./audioCache.ts";
import { isTypingTarget, SHORTCUT_DOCS, shortcutFor } from "./keys.ts";
import { nextUnfinished } from "./progress.ts";
import { ActiveClock, readSession, sessionKey, writeSession } from "./session.ts";
import { checkSpan } from "./spanEdit.ts";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe("identity", () => {
  test("reads annotator and role from the query string", () => {
    expect(identityFromSearch("annotator=w1&role=crowd")).toEqual({
      annotatorId: "w1",
      role: "crowd",
    });
    expect(identityFromSearch("?annotator=e2&role=expert&clip=x")).toEqual({
      annotatorId: "e2",
      role: "expert",
    });
  });
  test("missing or invalid parts give null", () => {
    expect(identityFromSearch("annotator=w1")).toBeNull();
    expect(identityFromSearch("role=crowd")).toBeNull();
    expect(identityFromSearch("annotator=w1&role=researcher")).toBeNull();
    expect(identityFromSearch("annotator=has%20space&role=crowd")).toBeNull();
  });
  test("id problems are named", () => {
    expect(annotatorIdProblem("  ")).toBe("Enter your annotator id.");
    expect(annotatorIdProblem("a b")).toMatch(/no spaces/);
    // The message names what is wrong with this id, then the rule.
    expect(annotatorIdProblem("ann one")).toBe(
      "“ann one” contains a space. Use only letters, digits, dots, dashes, underscores or @ (no spaces).",
    );
    expect(annotatorIdProblem("w/1#")).toBe(
      "“w/1#” contains the characters / #. Use only letters, digits, dots, dashes, underscores or @ (no spaces).",
    );
    expect(annotatorIdProblem("anné")).toMatch(/^“anné” contains the character é\. /);
    expect(annotatorIdProblem("x".repeat(65))).toBe(
      "The id is 65 characters long; use at most 64.",
    );
    expect(annotatorIdProblem("worker_17@lab.org")).toBeNull();
  });
  test("remembers and reloads; ignores junk", () => {
    const storage = memoryStorage();
    expect(loadIdentity(storage)).toBeNull();
    saveIdentity(storage, { annotatorId: "w9", role: "expert" });
    expect(loadIdentity(storage)).toEqual({ annotatorId: "w9", role: "expert" });
    storage.setItem(IDENTITY_KEY, "{not json");
    expect(loadIdentity(storage)).toBeNull();
    storage.setItem(IDENTITY_KEY, JSON.stringify({ annotatorId: "w9", role: "boss" }));
    expect(loadIdentity(storage)).toBeNull();
    expect(loadIdentity(undefined)).toBeNull();
  });
  test("searchWithIdentity keeps other parameters", () => {
    const s = new URLSearchParams(
      searchWithIdentity("clip=c3&role=x", { annotatorId: "w1", role: "crowd" }),
    );
    expect(s.get("clip")).toBe("c3");
    expect(s.get("annotator")).toBe("w1");
    expect(s.get("role")).toBe("crowd");
  });
});

describe("shortcuts", () => {
  const body = { tagName: "BODY" } as unknown as EventTarget;
  const input = { tagName: "INPUT" } as unknown as EventTarget;
  const button = { tagName: "BUTTON" } as unknown as EventTarget;
  test("maps the documented keys", () => {
    const at = (key: string, shiftKey = false) => shortcutFor({ key, shiftKey, target: body });
    expect(at(" ")).toBe("playPause");
    expect(at("ArrowLeft")).toBe("seekBack");
    expect(at("ArrowRight")).toBe("seekForward");
    expect(at("ArrowLeft", true)).toBe("seekBackFine");
    expect(at("ArrowRight", true)).toBe("seekForwardFine");
    expect(at("Delete")).toBe("deleteSpan");
    expect(at("Backspace")).toBe("deleteSpan");
    expect(at("l")).toBe("loopSpan");
    expect(at("L", true)).toBe("loopSpan");
    expect(at("n")).toBe("nextClip");
    expect(at("p")).toBe("previousClip");
    expect(at("Enter")).toBe("finishClip");
    expect(at("?", true)).toBe("showHelp");
    expect(at("+", true)).toBe("zoomIn");
    expect(at("=")).toBe("zoomIn");
    expect(at("-")).toBe("zoomOut");
    expect(at("m")).toBe("markSpan");
    expect(at("3")).toBe("rate3");
    expect(at("Escape")).toBe("escape");
    expect(at("x")).toBeNull();
  });
  test("nothing fires while typing in a field, except Escape", () => {
    for (const key of [" ", "Delete", "Backspace", "n", "p", "Enter", "ArrowLeft", "3", "?"]) {
      expect(shortcutFor({ key, target: input })).toBeNull();
    }
    expect(shortcutFor({ key: "Escape", target: input })).toBe("escape");
    expect(isTypingTarget({ tagName: "TEXTAREA" } as unknown as EventTarget)).toBe(true);
    expect(
      isTypingTarget({ tagName: "DIV", isContentEditable: true } as unknown as EventTarget),
    ).toBe(true);
  });
  test("Space and Enter on a focused button press the button, not the shortcut", () => {
    expect(shortcutFor({ key: " ", target: button })).toBeNull();
    expect(shortcutFor({ key: "Enter", target: button })).toBeNull();
    expect(shortcutFor({ key: "n", target: button })).toBe("nextClip");
  });
  test("on a focused radio or checkbox only the keys they need are left to them", () => {
    const radio = { tagName: "INPUT", type: "radio" } as unknown as EventTarget;
    const checkbox = { tagName: "INPUT", type: "checkbox" } as unknown as EventTarget;
    expect(shortcutFor({ key: "ArrowRight", target: radio })).toBeNull();
    expect(shortcutFor({ key: "ArrowDown", target: radio })).toBeNull();
    expect(shortcutFor({ key: "Enter", target: radio })).toBe("finishClip");
    expect(shortcutFor({ key: " ", target: radio })).toBe("playPause");
    expect(shortcutFor({ key: "4", target: radio })).toBe("rate4");
    expect(shortcutFor({ key: " ", target: checkbox })).toBeNull();
    expect(shortcutFor({ key: "n", target: checkbox })).toBe("nextClip");
    expect(
      shortcutFor({
        key: "n",
        target: { tagName: "INPUT", type: "number" } as unknown as EventTarget,
      }),
    ).toBeNull();
  });
  test("modified keys are left to the browser", () => {
    expect(shortcutFor({ key: "n", ctrlKey: true, target: body })).toBeNull();
    expect(shortcutFor({ key: "p", metaKey: true, target: body })).toBeNull();
  });
  test("the help table lists every key the spec names", () => {
    const keys = SHORTCUT_DOCS.flatMap((d) => d.keys);
    for (const k of [
      "Space",
      "←",
      "→",
      "Shift + ←",
      "Delete",
      "Backspace",
      "L",
      "N",
      "P",
      "Enter",
      "?",
      "Esc",
      "+",
      "−",
    ]) {
      expect(keys).toContain(k);
    }
  });
});

describe("checkSpan", () => {
  test("accepts 0 ≤ start < end ≤ duration", () => {
    expect(checkSpan({ start: "0", end: "3.5" }, 3.5)).toEqual({ ok: true, start: 0, end: 3.5 });
    expect(checkSpan({ start: " 1.25 ", end: "2" }, 3)).toEqual({ ok: true, start: 1.25, end: 2 });
  });
  test("names each problem", () => {
    expect(checkSpan({ start: "", end: "2" }, 3)).toEqual({
      ok: false,
      field: "start",
      message: "Start must be a number of seconds.",
    });
    expect(checkSpan({ start: "1", end: "abc" }, 3)).toMatchObject({ field: "end" });
    expect(checkSpan({ start: "-0.1", end: "2" }, 3)).toMatchObject({
      message: "Start cannot be before 0 s.",
    });
    expect(checkSpan({ start: "1", end: "3.2" }, 3.144)).toMatchObject({
      field: "end",
      message: "End cannot be after the clip ends (3.144 s).",
    });
    expect(checkSpan({ start: "2", end: "2" }, 3)).toMatchObject({
      message: "Start must be before end.",
    });
    expect(checkSpan({ start: "2.5", end: "2" }, 3)).toMatchObject({
      message: "Start must be before end.",
    });
  });
});

describe("nextUnfinished", () => {
  const ids = ["a", "b", "c", "d"];
  test("searches forward from the given clip and wraps", () => {
    expect(nextUnfinished(ids, new Set(), -1)).toBe(0);
    expect(nextUnfinished(ids, new Set(["a"]), -1)).toBe(1);
    expect(nextUnfinished(ids, new Set(["c", "d"]), 1)).toBe(0);
    expect(nextUnfinished(ids, new Set(["b"]), 3)).toBe(0);
    expect(nextUnfinished(ids, new Set(["a", "b", "d"]), 3)).toBe(2);
  });
  test("-1 when every clip is finished, or there are none", () => {
    expect(nextUnfinished(ids, new Set(ids), 0)).toBe(-1);
    expect(nextUnfinished([], new Set(), -1)).toBe(-1);
  });
});

describe("session", () => {
  test("stores and reads counts per study, annotator and clip", () => {
    const storage = memoryStorage();
    const key = sessionKey("demo", "w1", "c1");
    expect(key).not.toBe(sessionKey("demo", "w1", "c2"));
    expect(readSession(storage, key)).toEqual({ plays: 0, seconds: 0 });
    writeSession(storage, key, { plays: 3, seconds: 12.5, draftRating: 4 });
    expect(readSession(storage, key)).toEqual({ plays: 3, seconds: 12.5, draftRating: 4 });
    writeSession(storage, key, { plays: 0, seconds: 0 });
    expect(storage.getItem(key)).toBeNull();
  });
  test("ignores malformed values", () => {
    const storage = memoryStorage();
    storage.setItem("k", JSON.stringify({ plays: -2, seconds: "x", draftRating: 9 }));
    expect(readSession(storage, "k")).toEqual({ plays: 0, seconds: 0 });
    storage.setItem("k", "nope");
    expect(readSession(storage, "k")).toEqual({ plays: 0, seconds: 0 });
  });
  test("ActiveClock counts visible, recently active time only", () => {
    let now = 0;
    const clock = new ActiveClock(() => now, 10_000);
    now = 4_000;
    clock.activity();
    expect(clock.seconds()).toBe(4);
    now = 30_000; // idle since 4 s: counted only until 14 s
    expect(clock.seconds()).toBe(14);
    clock.activity(); // back at 30 s
    now = 32_000;
    clock.setVisible(false);
    now = 60_000; // hidden: not counted
    clock.setVisible(true);
    now = 61_000;
    expect(clock.seconds()).toBe(17);
    expect(clock.take()).toBe(17);
    expect(clock.seconds()).toBe(0);
  });
});

describe("AudioCache", () => {
  function setup() {
    const blobs: Record<string, Blob> = {
      a: new Blob(["a"]),
      b: new Blob(["b"]),
      c: new Blob(["c"]),
    };
    const read = vi.fn(async (id: string) => blobs[id]);
    let n = 0;
    const revoked: string[] = [];
    const cache = new AudioCache(
      read,
      () => `blob:${++n}`,
      (u) => revoked.push(u),
    );
    return { cache, read, revoked };
  }
  test("reads each clip once and hands out one URL", async () => {
    const { cache, read } = setup();
    cache.prefetch("b");
    const [x, y] = await Promise.all([cache.get("b"), cache.get("b")]);
    expect(x.url).toBe("blob:1");
    expect(y.url).toBe("blob:1");
    expect(read).toHaveBeenCalledTimes(1);
  });
  test("retain revokes the URLs of dropped clips; dispose revokes all", async () => {
    const { cache, revoked } = setup();
    await cache.get("a");
    await cache.get("b");
    await cache.get("c");
    cache.retain(["b", "c"]);
    expect(revoked).toEqual(["blob:1"]);
    expect(cache.held()).toEqual(["b", "c"]);
    cache.dispose();
    expect(revoked.sort()).toEqual(["blob:1", "blob:2", "blob:3"]);
  });
  test("a clip without stored audio is an error naming it, and is not cached", async () => {
    const { cache, read } = setup();
    await expect(cache.get("zz")).rejects.toThrow('No audio is stored for clip "zz".');
    await expect(cache.get("zz")).rejects.toThrow();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
