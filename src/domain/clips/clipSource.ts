// Where a clip's audio may be fetched from when no audio is stored for it: the one rule every
// screen uses. A clip `uri` that is relative (or on the app's own origin) is fetched as is. One
// on another origin is fetched only after the researcher has allowed that origin for the study:
// a study file could otherwise make every annotator's browser contact any host it names (and
// tell that host who opened which clip when). Only http(s) addresses are ever fetched.

export type ClipSource =
  | { kind: "none" }
  | { kind: "fetch"; url: string }
  | { kind: "not-allowed"; origin: string }
  | { kind: "refused"; reason: string };

/** The origin ("https://cdn.example.org") of an absolute http(s) uri on another origin, else null. */
export function foreignOrigin(uri: string, appOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(uri, appOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.origin === new URL(appOrigin).origin ? null : url.origin;
}

/** What to do with a clip's `uri`, given the origins the researcher allowed for its study. */
export function clipSource(
  uri: string | undefined,
  appOrigin: string,
  allowedOrigins: readonly string[] | undefined,
): ClipSource {
  if (uri === undefined || uri.trim() === "") return { kind: "none" };
  let url: URL;
  try {
    url = new URL(uri, appOrigin);
  } catch {
    return { kind: "refused", reason: `“${uri}” is not a valid address` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { kind: "refused", reason: `audio is only fetched over http(s), not ${url.protocol}` };
  }
  const origin = foreignOrigin(url.href, appOrigin);
  if (origin === null) return { kind: "fetch", url: url.href };
  return (allowedOrigins ?? []).includes(origin)
    ? { kind: "fetch", url: url.href }
    : { kind: "not-allowed", origin };
}

/** The other origins a study's clips fetch audio from, sorted (for the study page). */
export function foreignOrigins(
  clips: readonly { uri?: string | undefined }[],
  appOrigin: string,
): string[] {
  const found = new Set<string>();
  for (const c of clips) {
    if (!c.uri) continue;
    const origin = foreignOrigin(c.uri, appOrigin);
    if (origin) found.add(origin);
  }
  return [...found].sort();
}

/** The message a screen shows instead of fetching audio it may not fetch. */
export function notAllowedMessage(origin: string): string {
  return `Audio from ${origin} is not allowed yet: the researcher can allow it on the study page (“Audio from other sites”).`;
}
