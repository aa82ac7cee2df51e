import { annotatePath, appHref } from "./routes.ts";

/** 2.4 → "2.40 s"; 75.5 → "1:15.50". */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(2)} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s.toFixed(2).padStart(5, "0")}`;
}

/** 1 → "1 clip", 3 → "3 clips". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** An absolute annotator link for this app, e.g. https://host/annotate/demo?annotator=w1&role=crowd. */
export function annotatorLink(
  origin: string,
  studyId: string,
  annotatorId: string,
  role: "crowd" | "expert",
): string {
  return `${origin.replace(/\/$/, "")}${appHref(annotatePath(studyId, { annotator: annotatorId, role }))}`;
}
