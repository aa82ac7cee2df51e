// Every path of the app that carries an id is built and read here (the participant and expert
// links, which the CLI and the server print too, are built in domain/collection/protocol.ts the same
// way; the API's paths come from domain/api/endpoints.ts), so ids with "/", ":", "?",
// "#", "%" or spaces survive the trip: each id is one path segment, encodeURIComponent'ed when
// a link is built and decoded exactly once when a route is read.
//
// wouter runs decodeURI over the whole path before matching, which decodes "%25" and "%20" but
// leaves "%2F", "%3A", "%3F" and "%23" encoded: decoding its params again would turn an id that
// really is "a%2Fb" into "a/b". <RawPaths> hands wouter a path whose decodeURI gives back the
// path exactly as in the address bar, so route params are raw segments and routeId() decodes each
// once.
import { createElement, type ReactNode, useCallback } from "react";
import { type BaseLocationHook, Router, useRouter } from "wouter";

/** Route patterns for <Route path>; their `:studyId` params go through routeId(). */
export const ROUTE_PATTERNS = {
  home: "/",
  study: "/studies/:studyId",
  analysis: "/studies/:studyId/analysis",
  annotate: "/annotate/:studyId",
  participate: "/p/:studyId",
  expertLink: "/x/:studyId",
  compare: "/compare",
} as const;

/**
 * A participant's pages (/p/…) and an expert link's (/x/…): no researcher navigation, no demo
 * study, nothing else.
 */
export function isParticipantPath(path: string): boolean {
  return /^\/[px](\/|$)/.test(path);
}

/**
 * The sub-path the app is served under: "" at a site's root, "/redpen" when built with
 * `BASE_PATH=/redpen/ npm run build` (Vite's base). The router is given it (main.tsx), so
 * routes and <Link>s stay base-free; plain <a href> and shared links go through appHref().
 */
export const APP_BASE = (import.meta.env?.BASE_URL ?? "/").replace(/\/$/, "");

/** `path` (an app path such as "/" or studyPath(id)) as an href that works under the base. */
export function appHref(path: string): string {
  return `${APP_BASE}${path}`;
}

const segment = (id: string): string => encodeURIComponent(id);

/** `/studies/<id>`: the study page. */
export function studyPath(studyId: string): string {
  return `/studies/${segment(studyId)}`;
}

/** `/studies/<id>/analysis`: the analysis screen. */
export function analysisPath(studyId: string): string {
  return `${studyPath(studyId)}/analysis`;
}

/** `/compare`: the Compare screen, with `?study=A&study=B` or `?study=A&by=FIELD` when given. */
export function comparePath(query?: {
  studies?: readonly string[];
  by?: string;
  mode?: "groups";
}): string {
  const params = new URLSearchParams();
  for (const id of query?.studies ?? []) params.append("study", id);
  if (query?.by !== undefined) params.set("by", query.by);
  if (query?.mode !== undefined) params.set("mode", query.mode);
  const search = params.toString();
  return `/compare${search ? `?${search}` : ""}`;
}

/** `/annotate/<id>`, with a query (`annotator`, `role`, `clip`) when given. */
export function annotatePath(
  studyId: string,
  query?: URLSearchParams | Record<string, string>,
): string {
  const search = query === undefined ? "" : new URLSearchParams(query).toString();
  return `/annotate/${segment(studyId)}${search ? `?${search}` : ""}`;
}

/** The id in a raw route param: percent-decoded once (a malformed escape is kept as typed). */
export function routeId(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** Wraps the location hook so wouter's own decodeURI gives back the raw path (see above). */
export function RawPaths({ children }: { children: ReactNode }) {
  const parent = useRouter();
  const parentHook = parent.hook;
  const hook = useCallback<BaseLocationHook>(
    (router) => {
      const [path, navigate] = parentHook(router);
      return [path.replace(/%/g, "%25"), navigate];
    },
    [parentHook],
  );
  // A Router given a hook starts again from wouter's defaults: carry the rest over.
  return createElement(Router, {
    hook,
    searchHook: parent.searchHook,
    base: parent.base,
    hrefs: parent.hrefs,
    parser: parent.parser,
    children,
  });
}
