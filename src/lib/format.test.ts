import { expect, test } from "vitest";
import { annotatorLink, formatSeconds, plural } from "./format.ts";

test("formatSeconds", () => {
  expect(formatSeconds(2.4)).toBe("2.40 s");
  expect(formatSeconds(0.005)).toBe("0.01 s");
  expect(formatSeconds(75.5)).toBe("1:15.50");
  expect(formatSeconds(600)).toBe("10:00.00");
});

test("plural", () => {
  expect(plural(1, "clip")).toBe("1 clip");
  expect(plural(0, "clip")).toBe("0 clips");
  expect(plural(2, "study", "studies")).toBe("2 studies");
});

test("annotatorLink encodes ids", () => {
  expect(annotatorLink("http://h:1/", "demo", "w 1&x", "crowd")).toBe(
    "http://h:1/annotate/demo?annotator=w+1%26x&role=crowd",
  );
  expect(annotatorLink("https://a.b", "s/1", "e1", "expert")).toBe(
    "https://a.b/annotate/s%2F1?annotator=e1&role=expert",
  );
});
