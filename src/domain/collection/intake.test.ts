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
      { text: "Have you heard synthetic speech before?", required: true },
    ]);
    expect(hasIntake(config)).toBe(true);
    expect(hasIntake(intakeOf({}))).toBe(false);
    expect(intakeOf({ intake: "x" })).toEqual(NO_INTAKE);
  });

  test("answers become a profile: languages a list, headphones a boolean, free answers by text", () => {
    expect(
      checkAnswers(config, {
        ageBand: "25–34",
        nativeLanguages: "English, Welsh ;",
        headphones: "yes",
        "free:0": "Yes, on the phone",
        gender: "ignored: the question is off",
      }),
    ).toEqual({
      ok: true,
      profile: {
        ageBand: "25–34",
        nativeLanguages: ["English", "Welsh"],
        headphones: true,
        answers: { "Have you heard synthetic speech before?": "Yes, on the phone" },
      },
    });
  });

  test("required answers missing, or not one of the choices, are named per question", () => {
    expect(checkAnswers(config, { ageBand: "twelve", headphones: "" })).toEqual({
      ok: false,
      problems: {
        ageBand: "Please choose one of the answers.",
        headphones: "Please answer this question.",
        "free:0": "Please answer this question.",
      },
    });
  });
});
