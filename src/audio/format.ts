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
 * Zoom is chosen relative to each clip: a factor of the level at which the whole clip just
 * fills the view (1 = the whole clip, 2 = half of it at a time …), so the same choice shows the
 * same share of a 2.2 s clip and of the 4.9 s clip after it. Pixels per second are derived
 * per clip, within [MIN_ZOOM, MAX_ZOOM].
 */
export const MAX_ZOOM_FACTOR = 64;

/** Keeps a zoom factor inside [1, MAX_ZOOM_FACTOR]; anything not a finite number becomes 1. */
export function clampZoomFactor(factor: number): number {
  if (!Number.isFinite(factor)) return 1;
  return Math.min(MAX_ZOOM_FACTOR, Math.max(1, factor));
}

/** The pixels per second of zoom `factor` for a clip that fills the view at `fitPxPerSec`. */
export function zoomToPx(factor: number, fitPxPerSec: number): number {
  return clampZoom(clampZoomFactor(factor) * fitPxPerSec);
}

/** The zoom factor that `pxPerSec` is for a clip that fills the view at `fitPxPerSec`. */
export function pxToZoom(pxPerSec: number, fitPxPerSec: number): number {
  return fitPxPerSec > 0 ? clampZoomFactor(pxPerSec / fitPxPerSec) : 1;
}

/** Clamps a time into [0, duration]. */
export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(Math.max(0, duration), Math.max(0, seconds));
}
