import { expect, test } from "vitest";
import { documentTitle } from "./useDocumentTitle.ts";

test("names the screen, then the study, then the app; empty parts are left out", () => {
  expect(documentTitle("Analysis", "Pilot study")).toBe(
    "Analysis · Pilot study · RedPen Annotator",
  );
  expect(documentTitle("Studies")).toBe("Studies · RedPen Annotator");
  expect(documentTitle("Annotate", undefined)).toBe("Annotate · RedPen Annotator");
  expect(documentTitle("Study", "  ", null)).toBe("Study · RedPen Annotator");
  expect(documentTitle()).toBe("RedPen Annotator");
});
