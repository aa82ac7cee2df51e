// The publish form's fields as typed, from the published settings and back to settings.
import type { CollectionSettings, PublishedStudy } from "../../domain/collection/protocol.ts";
import { mergeSettings } from "../../domain/collection/settings.ts";

/** The form's fields, as typed. */
export interface Draft {
  k: string;
  r: string;
  code: string;
  url: string;
  outCode: string;
  outUrl: string;
  consent: string;
}

export const DEFAULT_DRAFT: Draft = {
  k: "10",
  r: "3",
  code: "",
  url: "",
  outCode: "",
  outUrl: "",
  consent: "",
};

export const draftOf = (s: CollectionSettings): Draft => ({
  k: String(s.clipsPerParticipant),
  r: String(s.ratingsPerClip),
  code: s.completionCode ?? "",
  url: s.completionUrl ?? "",
  outCode: s.screenedOutCode ?? "",
  outUrl: s.screenedOutUrl ?? "",
  consent: s.consent ?? "",
});

/**
 * The settings the form asks for: what is published (a new study: the defaults) with the form's
 * fields over it, an emptied text field taking its setting away. Settings not on the form (the
 * slot timeout, a newer server's) keep their published values.
 */
export function settingsOf(
  d: Draft,
  published: PublishedStudy | null,
  /** The fields' labels in the study's task's terms (a comparison's pairs and judgments). */
  labels = { perParticipant: "Clips per participant", perItem: "Ratings per clip" },
): CollectionSettings {
  const whole = (label: string, text: string) => {
    const n = Number(text.trim());
    if (text.trim() === "" || !Number.isInteger(n) || n < 1)
      throw new Error(`${label} must be a whole number of 1 or more (got "${text}")`);
    return n;
  };
  const settings: CollectionSettings = {
    ...mergeSettings(published?.settings ?? null, {}),
    clipsPerParticipant: whole(labels.perParticipant, d.k),
    ratingsPerClip: whole(labels.perItem, d.r),
  };
  const text = (key: keyof CollectionSettings, value: string) => {
    if (value.trim()) (settings as unknown as Record<string, unknown>)[key] = value.trim();
    else delete settings[key];
  };
  text("completionCode", d.code);
  text("completionUrl", d.url);
  text("screenedOutCode", d.outCode);
  text("screenedOutUrl", d.outUrl);
  text("consent", d.consent);
  return settings;
}
