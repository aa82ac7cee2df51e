// errorMessage: an error in words, whatever was thrown.
import { expect, test } from "vitest";
import { errorMessage } from "./errorText.ts";

test("an Error's message, else its name; a message-bearing object's message; anything else as text", () => {
  expect(errorMessage(new Error("disk full"))).toBe("disk full");
  expect(errorMessage(new TypeError(""))).toBe("TypeError");
  expect(errorMessage(new DOMException("", "QuotaExceededError"))).toBe("QuotaExceededError");
  expect(errorMessage({ message: "from a worker" })).toBe("from a worker");
  expect(errorMessage({ message: 404 })).toBe("404");
  expect(errorMessage("plain text")).toBe("plain text");
  expect(errorMessage(undefined)).toBe("undefined");
  expect(errorMessage(null)).toBe("null");
});
