// The F0 and energy overlay drawn over the waveform: pure geometry (which frames are in view,
// where each lands) and the canvas drawing, so the waveform component only says when to draw.
import type { AcousticFeatures } from "../domain/acoustics/features.ts";

/** F0 axis: log scale over three octaves, wide enough for most voices. */
export const F0_MIN_HZ = 70;
export const F0_MAX_HZ = 560;
export const F0_TICKS = [100, 200, 400] as const;
/** Energy axis: linear in dB. */
export const ENERGY_MIN_DB = -60;
export const ENERGY_MAX_DB = 0;
export const ENERGY_TICKS = [-20, -40] as const;

export const PITCH_COLOR = "#0369a1"; // sky-700
export const ENERGY_COLOR = "#b45309"; // amber-700

/** What part of the clip the canvas shows: seconds at its left edge and pixels per second. */
export interface OverlayView {
  start: number;
  pxPerSec: number;
  width: number;
  height: number;
}

/** y (pixels from the top) of an F0 on the log axis, clamped to the canvas. */
export function f0ToY(hz: number, height: number): number {
  const share = Math.log(hz / F0_MIN_HZ) / Math.log(F0_MAX_HZ / F0_MIN_HZ);
  return height * (1 - Math.min(1, Math.max(0, share)));
}

/** y of an energy in dB on the linear axis, clamped to the canvas. */
export function energyToY(db: number, height: number): number {
  const share = (db - ENERGY_MIN_DB) / (ENERGY_MAX_DB - ENERGY_MIN_DB);
  return height * (1 - Math.min(1, Math.max(0, share)));
}

/** The frames in view (one more on each side, so lines reach the edges). */
export function visibleFrames(frames: number, hop: number, view: OverlayView): [number, number] {
  if (frames === 0 || view.pxPerSec <= 0) return [0, -1];
  const first = Math.max(0, Math.floor(view.start / hop) - 1);
  const last = Math.min(frames - 1, Math.ceil((view.start + view.width / view.pxPerSec) / hop) + 1);
  return [first, last];
}

/**
 * Polylines of a track in canvas pixels, broken where `value` says a frame has none (an
 * unvoiced frame's F0): each run of frames with a value is one line.
 */
export function trackLines(
  values: ArrayLike<number>,
  hop: number,
  view: OverlayView,
  y: (value: number) => number | null,
): number[][] {
  const [first, last] = visibleFrames(values.length, hop, view);
  const lines: number[][] = [];
  let line: number[] | null = null;
  for (let k = first; k <= last; k++) {
    const yk = y(values[k] as number);
    if (yk === null) {
      line = null;
      continue;
    }
    if (!line) {
      line = [];
      lines.push(line);
    }
    line.push((k * hop - view.start) * view.pxPerSec, yk);
  }
  return lines;
}

export interface OverlayTracks {
  features: AcousticFeatures;
  pitch: boolean;
  energy: boolean;
}

function stroke(ctx: CanvasRenderingContext2D, lines: number[][], color: string, width: number) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineJoin = "round";
  ctx.beginPath();
  for (const line of lines) {
    if (line.length === 2) {
      // A single voiced frame: a short dash so it is visible.
      ctx.moveTo((line[0] as number) - 1.5, line[1] as number);
      ctx.lineTo((line[0] as number) + 1.5, line[1] as number);
      continue;
    }
    for (let i = 0; i < line.length; i += 2) {
      if (i === 0) ctx.moveTo(line[0] as number, line[1] as number);
      else ctx.lineTo(line[i] as number, line[i + 1] as number);
    }
  }
  ctx.stroke();
}

function axisLabel(
  ctx: CanvasRenderingContext2D,
  text: string,
  y: number,
  color: string,
  side: "left" | "right",
  width: number,
) {
  ctx.font = "10px ui-sans-serif, system-ui, sans-serif";
  const w = ctx.measureText(text).width;
  const left = side === "left" ? 4 : width - w - 6;
  ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
  ctx.fillRect(left - 2, y - 7, w + 4, 13);
  ctx.fillStyle = color;
  ctx.fillText(text, left, y + 3);
}

/** Draws the tracks (and their axes) on a canvas the size of `view`, already scaled for DPR. */
export function drawOverlay(
  ctx: CanvasRenderingContext2D,
  tracks: OverlayTracks,
  view: OverlayView,
): void {
  ctx.clearRect(0, 0, view.width, view.height);
  const { features } = tracks;
  // A little room at the top and bottom so lines at the axis ends stay visible.
  const pad = 4;
  const inner = view.height - 2 * pad;
  if (tracks.energy) {
    const lines = trackLines(features.energyDb, features.hop, view, (db) =>
      db <= ENERGY_MIN_DB ? pad + inner : pad + energyToY(db, inner),
    );
    stroke(ctx, lines, ENERGY_COLOR, 1.25);
    for (const db of ENERGY_TICKS) {
      axisLabel(ctx, `${db} dB`, pad + energyToY(db, inner), ENERGY_COLOR, "left", view.width);
    }
  }
  if (tracks.pitch) {
    const lines = trackLines(features.f0, features.hop, view, (hz) =>
      hz > 0 ? pad + f0ToY(hz, inner) : null,
    );
    // A white halo under the line keeps it readable over the dark waveform.
    stroke(ctx, lines, "rgba(255, 255, 255, 0.9)", 4);
    stroke(ctx, lines, PITCH_COLOR, 2);
    for (const hz of F0_TICKS) {
      axisLabel(ctx, `${hz} Hz`, pad + f0ToY(hz, inner), PITCH_COLOR, "right", view.width);
    }
  }
}
