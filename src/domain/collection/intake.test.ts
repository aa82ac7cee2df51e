import { describe, expect, test } from "vitest";
import { checkAnswers, hasIntake, intakeOf, NO_INTAKE } from "./intake.ts";

const config = intakeOf({
  intake: {
    standard: {
      ageBand: "required",
      nativeLanguages: "optional",
      headphones: "required",
      country: "bogus",
    },
    free: [{ text: "Have you heard synthetic speech before?", required: true }, { text: " " }],
  },
});

describe("the intake questionnaire", () => {
  test("the study's configuration: unknown needs are off, empty free questions dropped", () => {
    expect(config.standard).toMatchObject({
      ageBand: "required",
      nativeLanguages: "optional",
      headphones: "required",
      country: "off",
      gender: "off",
    });
    expect(config.free).toEqual([
      { id: "q1", text: "Have you heard synthetic speech before?", required: true },
    ]);
    expect(hasIntake(config)).toBe(true);
    expect(hasIntake(intakeOf({}))).toBe(false);
    expect(intakeOf({ intake: "x" })).toEqual(NO_INTAKE);
  });

  test("answers become a profile: languages a list, headphones a boolean, free answers by id", () => {
    expect(
      checkAnswers(config, {
        ageBand: "25–34",
        nativeLanguages: "English, Welsh ;",
        headphones: "yes",
        "free:q1": "Yes, on the phone",
        gender: "ignored: the question is off",
      }),
    ).toEqual({
      ok: true,
      profile: {
        ageBand: "25–34",
        nativeLanguages: ["English", "Welsh"],
        headphones: true,
        answers: { q1: "Yes, on the phone" },
      },
    });
  });

  test("required answers missing, or not one of the choices, are named per question", () => {
    expect(checkAnswers(config, { ageBand: "twelve", headphones: "" })).toEqual({
      ok: false,
      problems: {
        ageBand: "Please choose one of the answers.",
        headphones: "Please answer this question.",
        "free:q1": "Please answer this question.",
      },
    });
  });

  test("free answers are kept by question id: a text __proto__ and two questions with one text", () => {
    // Issue 37, item 9: keyed by text, "__proto__" set the object's prototype (lost) and the
    // second "Any comment?" overwrote the first.
    const questions = intakeOf({
      intake: {
        standard: {},
        free: [
          { text: "__proto__", required: true },
          { text: "Any comment?" },
          { text: "Any comment?" },
          { id: "__proto__", text: "An id that is a word" },
          { id: "q2", text: "An id given twice" },
        ],
      },
    });
    expect(questions.free.map((f) => f.id)).toEqual(["q1", "q3", "q4", "__proto__", "q2"]);
    const checked = checkAnswers(questions, {
      "free:q1": "one",
      "free:q3": "two",
      "free:q4": "three",
      "free:__proto__": "four",
      "free:q2": "five",
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const answers = checked.profile.answers as Record<string, string>;
    expect(Object.getPrototypeOf(answers)).toBe(Object.prototype);
    expect(Object.entries(answers)).toEqual([
      ["q1", "one"],
      ["q3", "two"],
      ["q4", "three"],
      ["__proto__", "four"],
      ["q2", "five"],
    ]);
    // Stored as JSON and read back, nothing is lost.
    expect(JSON.parse(JSON.stringify(checked.profile)).answers).toEqual(answers);
    expect(Object.keys(JSON.parse(JSON.stringify(answers)))).toHaveLength(5);
  });
});
