import { describe, expect, test } from "vitest";
import { PARTICIPANT_ID_PATTERN } from "../api/requests.ts";
import { arrivalFromSearch, genericLink, prolificCompletionUrl, prolificLink } from "./protocol.ts";

describe("participant links", () => {
  test("Prolific's link carries its three placeholders, the generic one a participant id", () => {
    expect(prolificLink("https://s.example.org", "vcc 2018/a")).toBe(
      "https://s.example.org/p/vcc%202018%2Fa?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}",
    );
    expect(genericLink("https://s.example.org", "demo")).toBe(
      "https://s.example.org/p/demo?participant=<id>",
    );
    expect(prolificCompletionUrl("AB 12")).toBe(
      "https://app.prolific.com/submissions/complete?cc=AB%2012",
    );
  });

  test("an arrival is read from Prolific's parameters first, else from `participant`", () => {
    expect(
      arrivalFromSearch(
        new URLSearchParams("PROLIFIC_PID=5f1&STUDY_ID=st9&SESSION_ID=se3&participant=x"),
      ),
    ).toEqual({
      platform: "prolific",
      participantId: "5f1",
      platformStudyId: "st9",
      sessionId: "se3",
    });
    expect(arrivalFromSearch(new URLSearchParams("PROLIFIC_PID=5f1"))).toEqual({
      platform: "prolific",
      participantId: "5f1",
    });
    expect(arrivalFromSearch(new URLSearchParams("participant=lab-07"))).toEqual({
      platform: "link",
      participantId: "lab-07",
    });
    expect(arrivalFromSearch(new URLSearchParams("annotator=w1"))).toBeNull();
    expect(arrivalFromSearch(new URLSearchParams("PROLIFIC_PID="))).toBeNull();
  });

  test("the participant id pattern refuses what a link should not carry", () => {
    expect(PARTICIPANT_ID_PATTERN.test("5f1e3c:a_b-c.d")).toBe(true);
    for (const bad of ["", "a b", "a/b", "{{%PROLIFIC_PID%}}", "x".repeat(129)]) {
      expect(PARTICIPANT_ID_PATTERN.test(bad)).toBe(false);
    }
  });
});
