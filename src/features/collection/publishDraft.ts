// The publish form's fields as typed, from the published settings and back to settings.
import type { CollectionSettings, PublishedStudy } from "../../domain/collection/collection.ts";

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

export function settingsOf(
  d: Draft,
  published: PublishedStudy | null,
): Partial<CollectionSettings> {
  const whole = (label: string, text: string) => {
    const n = Number(text.trim());
    if (text.trim() === "" || !Number.isInteger(n) || n < 1)
      throw new Error(`${label} must be a whole number of 1 or more (got "${text}")`);
    return n;
  };
  const settings: Partial<CollectionSettings> = {
    clipsPerParticipant: whole("Clips per participant", d.k),
    ratingsPerClip: whole("Ratings per clip", d.r),
  };
  const text = (key: keyof CollectionSettings, value: string) => {
    if (value.trim()) (settings as Record<string, unknown>)[key] = value.trim();
  };
  text("completionCode", d.code);
  text("completionUrl", d.url);
  text("screenedOutCode", d.outCode);
  text("screenedOutUrl", d.outUrl);
  text("consent", d.consent);
  // Not on the form: kept as published.
  if (published?.settings.slotTimeoutMinutes !== undefined)
    settings.slotTimeoutMinutes = published.settings.slotTimeoutMinutes;
  return settings;
}
