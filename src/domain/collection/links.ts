// Which participant links a study on a collection server accepts (issue 37, item 6): Prolific's
// (`?PROLIFIC_PID=…`), the generic one (`?participant=…`, a lab, a class, another platform), or
// both. A Prolific study refuses generic links unless its researcher allows them, so a made-up
// `participant=` id cannot take a slot or reach its completion code. One home for the rule: the
// server (arrival, the headphone check), `cli new`/`publish` and the study settings use it.

import { PARTICIPANT_LINKS, type ParticipantLinks } from "../interchange/participantLinks.ts";

export { PARTICIPANT_LINKS, type ParticipantLinks };

/** The platform an arrival names (the API's `platform`): Prolific's link, or the generic one. */
export type LinkPlatform = "prolific" | "link";

const PROLIFIC = /prolific/i;

/** True for an http(s) address on prolific.com (or one of its hosts). */
function onProlific(url: unknown): boolean {
  if (typeof url !== "string") return false;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return (
      host === "prolific.com" ||
      host.endsWith(".prolific.com") ||
      host === "prolific.co" ||
      host.endsWith(".prolific.co")
    );
  } catch {
    return false;
  }
}

/**
 * The link kinds a study accepts: its own `participantLinks` when set; otherwise a Prolific
 * study (its protocol's platform says Prolific, or its completion or screened-out address is
 * on Prolific) accepts Prolific links only, and any other study both.
 */
export function participantLinksOf(
  study: Readonly<Record<string, unknown>>,
  settings: { completionUrl?: string | undefined; screenedOutUrl?: string | undefined } = {},
): ParticipantLinks {
  const own = study.participantLinks;
  if (typeof own === "string" && (PARTICIPANT_LINKS as readonly string[]).includes(own))
    return own as ParticipantLinks;
  return isProlificStudy(study, settings) ? "prolific" : "both";
}

/** A study run on Prolific, as far as it says so. */
export function isProlificStudy(
  study: Readonly<Record<string, unknown>>,
  settings: { completionUrl?: string | undefined; screenedOutUrl?: string | undefined } = {},
): boolean {
  const protocol = study.protocol as { platform?: unknown } | undefined;
  const platform =
    typeof protocol === "object" && protocol !== null ? protocol.platform : undefined;
  return (
    (typeof platform === "string" && PROLIFIC.test(platform)) ||
    onProlific(settings.completionUrl) ||
    onProlific(settings.screenedOutUrl)
  );
}

/** The other kind of link than `platform`'s: the same id through it is the same person in a study that accepts both. */
export function otherLink(platform: LinkPlatform): LinkPlatform {
  return platform === "prolific" ? "link" : "prolific";
}

/** Whether `links` lets an arrival through `platform`'s link in. */
export function acceptsLink(links: ParticipantLinks, platform: LinkPlatform): boolean {
  return links === "both" || (platform === "prolific" ? links === "prolific" : links === "generic");
}

/** Why an arrival through `platform`'s link is refused, or null when it is accepted. */
export function linkRefusal(links: ParticipantLinks, platform: LinkPlatform): string | null {
  if (acceptsLink(links, platform)) return null;
  return platform === "link"
    ? "this study takes part through Prolific only: open it from Prolific (a ?participant= link does not open it)"
    : "this study takes part through its own link only (?participant=…), not through Prolific";
}

/** What each setting means, for the CLI and the settings form. */
export const PARTICIPANT_LINKS_TEXT: Record<ParticipantLinks, string> = {
  prolific: "Prolific links only (PROLIFIC_PID); generic ?participant= links are refused",
  generic: "generic links only (?participant=); Prolific links are refused",
  both: "Prolific links and generic ?participant= links",
};

/** `study` (its `extra` fields) with `participantLinks` set, or without it for the default. */
export function withParticipantLinks(
  extra: Record<string, unknown>,
  links: ParticipantLinks | undefined,
): Record<string, unknown> {
  const { participantLinks: _old, ...rest } = extra;
  return links === undefined ? rest : { ...rest, participantLinks: links };
}
