// The F0 / energy overlay of <Waveform>: a canvas the size of the visible waveform, redrawn (at
// most once a frame) when the view scrolls, zooms or resizes, or the tracks change.
import { type RefObject, useEffect } from "react";
import type WaveSurfer from "wavesurfer.js";
import { drawOverlay, type OverlayTracks } from "./overlay.ts";

export function useOverlay(
  wsRef: RefObject<WaveSurfer | null>,
  overlayRef: RefObject<HTMLCanvasElement | null>,
  isLive: (gen: number) => boolean,
  readyGen: number,
  overlay: OverlayTracks | null,
  height: number,
): void {
  useEffect(() => {
    const ws = wsRef.current;
    const canvas = overlayRef.current;
    // The canvas is there exactly when there is something to draw.
    if (!isLive(readyGen) || !ws || !canvas || !overlay) return;
    let frame = 0;
    const draw = () => {
      frame = 0;
      const ctx = canvas.getContext("2d");
      const duration = ws.getDuration();
      if (!ctx || duration <= 0) return;
      const width = ws.getWidth();
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
      if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const pxPerSec = ws.getWrapper().getBoundingClientRect().width / duration;
      drawOverlay(ctx, overlay, { start: ws.getScroll() / pxPerSec, pxPerSec, width, height });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    draw();
    const subs = [
      ws.on("scroll", schedule),
      ws.on("zoom", schedule),
      ws.on("redrawcomplete", schedule),
    ];
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(schedule);
    resize?.observe(canvas.parentElement ?? canvas);
    return () => {
      for (const unsubscribe of subs) unsubscribe();
      resize?.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [wsRef, overlayRef, isLive, readyGen, overlay, height]);
}
