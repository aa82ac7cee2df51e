// Pure helpers for showing and editing times and zoom levels. No wavesurfer, no React.

/** "m:ss.cc" — minutes, seconds and hundredths, e.g. 83.456 → "1:23.46". Negative → 0. */
export function formatTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const hundredths = Math.round(safe * 100);
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  const whole = Math.floor(rest / 100);
  const frac = rest - whole * 100;
  return `${minutes}:${String(whole).padStart(2, "0")}.${String(frac).padStart(2, "0")}`;
}

/** Seconds rounded to milliseconds, the precision stored for spans and shown in the editors. */
export function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** The zoom range, in pixels per second of audio. */
export const MIN_ZOOM = 20;
export const MAX_ZOOM = 2000;

/** Keeps a zoom level inside [MIN_ZOOM, MAX_ZOOM]; anything not a finite number becomes MIN_ZOOM. */
export function clampZoom(pxPerSec: number, min = MIN_ZOOM, max = MAX_ZOOM): number {
  if (!Number.isFinite(pxPerSec)) return min;
  return Math.min(max, Math.max(min, pxPerSec));
}

/**
 * The next zoom level after multiplying by `factor`. `fitPxPerSec` is the level at which the
 * whole clip just fills the view: zooming starts from whichever is larger, so the first "+"
 * always visibly magnifies even when the stored level is below the fitted one.
 */
export function nextZoom(current: number, factor: number, fitPxPerSec = 0): number {
  const base = Math.max(current, fitPxPerSec);
  return clampZoom(base * factor);
}

/** Clamps a time into [0, duration]. */
export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(Math.max(0, duration), Math.max(0, seconds));
}
