import { expect, test } from "vitest";
import { acceptsLink, linkRefusal, participantLinksOf, withParticipantLinks } from "./links.ts";

test("a study's own setting wins; else a Prolific study takes Prolific links only, any other both", () => {
  expect(
    participantLinksOf({ participantLinks: "generic", protocol: { platform: "Prolific" } }),
  ).toBe("generic");
  expect(
    participantLinksOf(
      { participantLinks: "both" },
      { completionUrl: "https://app.prolific.com/x" },
    ),
  ).toBe("both");
  expect(participantLinksOf({ protocol: { platform: " prolific " } })).toBe("prolific");
  expect(
    participantLinksOf({}, { completionUrl: "https://app.prolific.com/submissions/complete?cc=A" }),
  ).toBe("prolific");
  expect(
    participantLinksOf({}, { screenedOutUrl: "https://app.prolific.co/submissions/complete?cc=B" }),
  ).toBe("prolific");
  // Not Prolific: another host that merely mentions it, another platform, nothing said.
  expect(participantLinksOf({}, { completionUrl: "https://prolific.com.evil.example/x" })).toBe(
    "both",
  );
  expect(participantLinksOf({ protocol: { platform: "MTurk" } })).toBe("both");
  expect(participantLinksOf({ participantLinks: "all" })).toBe("both");
  expect(participantLinksOf({})).toBe("both");
});

test("which arrivals each setting lets in, and why the others are refused", () => {
  expect(acceptsLink("prolific", "prolific")).toBe(true);
  expect(acceptsLink("prolific", "link")).toBe(false);
  expect(acceptsLink("generic", "link")).toBe(true);
  expect(acceptsLink("generic", "prolific")).toBe(false);
  expect(acceptsLink("both", "link") && acceptsLink("both", "prolific")).toBe(true);
  expect(linkRefusal("prolific", "link")).toMatch(/Prolific only/);
  expect(linkRefusal("both", "link")).toBeNull();
  expect(withParticipantLinks({ a: 1, participantLinks: "both" }, undefined)).toEqual({ a: 1 });
  expect(withParticipantLinks({ a: 1 }, "prolific")).toEqual({
    a: 1,
    participantLinks: "prolific",
  });
});
