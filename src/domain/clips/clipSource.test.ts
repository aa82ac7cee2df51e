import { expect, test } from "vitest";
import { clipSource, foreignOrigin, foreignOrigins, notAllowedMessage } from "./clipSource.ts";

const APP = "https://annotate.example.org";

test("relative and same-origin uris are fetched; other origins only once allowed", () => {
  expect(clipSource("audio/a.wav", APP, [])).toEqual({
    kind: "fetch",
    url: "https://annotate.example.org/audio/a.wav",
  });
  expect(clipSource("https://annotate.example.org/x.wav", APP, [])).toEqual({
    kind: "fetch",
    url: "https://annotate.example.org/x.wav",
  });
  expect(clipSource("https://cdn.example.org/a.wav", APP, [])).toEqual({
    kind: "not-allowed",
    origin: "https://cdn.example.org",
  });
  expect(clipSource("https://cdn.example.org/a.wav", APP, ["https://cdn.example.org"])).toEqual({
    kind: "fetch",
    url: "https://cdn.example.org/a.wav",
  });
  // Another port or scheme is another origin.
  expect(clipSource("https://annotate.example.org:8443/a.wav", APP, []).kind).toBe("not-allowed");
  expect(clipSource("http://annotate.example.org/a.wav", APP, []).kind).toBe("not-allowed");
  // Allowing one host allows no other.
  expect(clipSource("https://evil.example/a.wav", APP, ["https://cdn.example.org"])).toEqual({
    kind: "not-allowed",
    origin: "https://evil.example",
  });
});

test("no uri: none; other schemes are refused", () => {
  expect(clipSource(undefined, APP, [])).toEqual({ kind: "none" });
  expect(clipSource("  ", APP, [])).toEqual({ kind: "none" });
  expect(clipSource("javascript:alert(1)", APP, [])).toEqual({
    kind: "refused",
    reason: "audio is only fetched over http(s), not javascript:",
  });
  expect(clipSource("file:///etc/passwd", APP, []).kind).toBe("refused");
  expect(clipSource("data:audio/wav;base64,AAAA", APP, []).kind).toBe("refused");
});

test("the study page lists each foreign origin once, sorted", () => {
  expect(
    foreignOrigins(
      [
        { uri: "https://b.example/1.wav" },
        { uri: "audio/2.wav" },
        { uri: "https://a.example/3.wav" },
        { uri: "https://b.example/4.wav" },
        {},
        { uri: "javascript:x" },
      ],
      APP,
    ),
  ).toEqual(["https://a.example", "https://b.example"]);
  expect(foreignOrigin("https://annotate.example.org/x", APP)).toBeNull();
  expect(notAllowedMessage("https://b.example")).toBe(
    "Audio from https://b.example is not allowed yet: the researcher can allow it on the study page (“Audio from other sites”).",
  );
});
