// The one React component that touches wavesurfer.js. It draws a clip's waveform with a time
// ruler, wheel zoom, an optional spectrogram and the annotation spans, and keeps the spans in
// step with its `spans` prop: that prop is the single source of truth. A span the person drags
// out on the waveform is removed from the plugin again at once and reported through `onCreate`;
// it comes back through `spans` once the caller has stored it.
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from "react";
import WaveSurfer from "wavesurfer.js";
import RegionsPlugin from "wavesurfer.js/plugins/regions";
import TimelinePlugin from "wavesurfer.js/plugins/timeline";
import ZoomPlugin from "wavesurfer.js/plugins/zoom";
import { MIN_SPAN_SECONDS, type Span } from "../domain/study/spans.ts";
import { clampTime, MAX_ZOOM, MIN_ZOOM, pxToZoom, roundSeconds, zoomToPx } from "./format.ts";
import { TIMELINE_HEIGHT, waveformBoxHeight } from "./layout.ts";
import type { OverlayTracks } from "./overlay.ts";
import { type RegionsApi, useRegionSync, type WaveformSpan } from "./regionSync.ts";
import { useOverlay } from "./useOverlay.ts";
import { useSpectrogram } from "./useSpectrogram.ts";

export type { WaveformSpan } from "./regionSync.ts";

export interface WaveformHandle {
  playPause(): void;
  play(): void;
  pause(): void;
  seekBy(seconds: number): void;
  playSpan(id: string, loop?: boolean): void;
  stopLoop(): void;
  zoomBy(factor: number): void;
  getCurrentTime(): number;
}

/** The waveform's own words, in the page's language (English by default). */
export interface WaveformWords {
  loading: string;
  failed: string;
  failedHint: string;
  /** "Details: {message}" with the error's own words in. */
  details(message: string): string;
  spectrogramUnavailable(message: string): string;
  overlay: string;
}

const ENGLISH_WORDS: WaveformWords = {
  loading: "Loading audio…",
  failed: "This clip's audio could not be loaded.",
  failedHint:
    "The file may be damaged, or in a format this browser cannot play. You can still move to another clip.",
  details: (message) => `Details: ${message}`,
  spectrogramUnavailable: (message) => `Spectrogram unavailable: ${message}`,
  overlay: "Pitch (F0) and energy over the waveform",
};

export interface WaveformProps {
  audio: Blob | string;
  /** The region's accessible name (the page's language), "Waveform" by default. */
  name?: string;
  /** Its status and error texts in the page's language; English when absent. */
  words?: WaveformWords;
  spans: WaveformSpan[];
  selectedId?: string | null;
  /** Dragging across the waveform creates a span (reported through onCreate). */
  allowCreate?: boolean;
  onCreate?(start: number, end: number): void;
  onChange?(id: string, start: number, end: number): void;
  onSelect?(id: string | null): void;
  onReady?(duration: number): void;
  /** Playback started by the person (a loop's automatic restart is not reported). */
  onPlay?(): void;
  /** Playback started or stopped, for a play/pause button's label. */
  onPlayingChange?(playing: boolean): void;
  /** Playback reached the end of the clip. */
  onFinish?(): void;
  /** The playhead moved (during playback and on seeks). */
  onTimeUpdate?(seconds: number): void;
  /** Zoom as a factor of the level at which the whole clip fills the view (1 = all of it). */
  zoom?: number;
  onZoomChange?(factor: number): void;
  showSpectrogram?: boolean;
  /** Height of the waveform itself in pixels (the time ruler and spectrogram come on top). */
  height?: number;
  /** The colour of a span while it is being dragged out. */
  createColor?: string;
  /** F0 and energy drawn over the waveform, following its zoom and scroll. */
  overlay?: OverlayTracks | null;
  /** The decoded audio (at 16 kHz), once the clip is ready: for pitch and energy. */
  onDecoded?(audio: AudioBuffer): void;
}

/** `gen` numbers the wavesurfer instance (one per audio) that became ready. */
type Status =
  | { kind: "loading" }
  | { kind: "ready"; duration: number; gen: number }
  | { kind: "error"; message: string };

/** The pixels per second at which the whole clip just fills the waveform's width. */
function fitPxPerSec(ws: WaveSurfer): number {
  const duration = ws.getDuration();
  return duration > 0 ? ws.getWidth() / duration : 0;
}

/** A performance mark set each time a clip's audio is decoded and playable. */
export const WAVEFORM_READY_MARK = "redpen:waveform-ready";

export const Waveform = forwardRef<WaveformHandle, WaveformProps>(function Waveform(props, ref) {
  const {
    audio,
    spans,
    selectedId = null,
    allowCreate = false,
    zoom,
    showSpectrogram = false,
  } = props;
  const height = props.height ?? 128;
  const createColor = props.createColor ?? "#332288";

  // The newest props, for event handlers registered once per loaded clip.
  const latest = useRef(props);
  latest.current = props;

  const waveRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const regionsRef = useRef<RegionsApi | null>(null);
  const addingRef = useRef(false);
  const pendingRef = useRef(new Map<string, Span & { at: number }>());
  const loopRef = useRef<string | null>(null);
  const autoRestartRef = useRef(false);
  const regionClickAtRef = useRef(0);
  // The playhead while paused, kept here: right after a seek the media element may still report
  // the old position for a moment, and several quick arrow presses must add up.
  const pausedAtRef = useRef(0);
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  // Which wavesurfer instance is current, and whether it has decoded its audio. Effects check
  // these (not only `status`, which lags one render behind a change of audio) so that nothing
  // is ever added to an instance that has not loaded yet.
  const genRef = useRef(0);
  const readyRef = useRef(false);

  // One wavesurfer per clip: created when the audio changes, destroyed with it.
  useEffect(() => {
    const container = waveRef.current;
    if (!container) return;
    const gen = ++genRef.current;
    readyRef.current = false;
    setStatus({ kind: "loading" });
    const regions = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container,
      height,
      waveColor: "#94a3b8",
      progressColor: "#475569",
      cursorColor: "#dc2626",
      cursorWidth: 2,
      normalize: true,
      // Decode at 16 kHz (wavesurfer's default is 8 kHz) so the spectrogram reaches 8 kHz.
      sampleRate: 16000,
      minPxPerSec: latest.current.zoom ?? MIN_ZOOM,
      fillParent: true,
      autoScroll: true,
      dragToSeek: false,
      plugins: [
        regions,
        TimelinePlugin.create({
          height: TIMELINE_HEIGHT,
          timeInterval: 0.1,
          primaryLabelInterval: 1,
          secondaryLabelInterval: 0.5,
          style: { fontSize: "10px", color: "#475569" },
        }),
        ZoomPlugin.create({ scale: 0.25, maxZoom: MAX_ZOOM, exponentialZooming: true }),
      ],
    });
    wsRef.current = ws;
    // On a touch screen a swipe across the waveform marks a span (the regions plugin's drag)
    // rather than panning its scroll box or the page, which would cancel the drag: the browser
    // leaves touches on the waveform to the page. (The page scrolls from anywhere else.)
    const wrapper = ws.getWrapper();
    wrapper.style.touchAction = "none";
    if (wrapper.parentElement) wrapper.parentElement.style.touchAction = "none";
    regionsRef.current = regions;
    const pending = pendingRef.current;

    const subs: Array<() => void> = [
      ws.on("ready", (duration) => {
        // For scripts/bench-annotate.ts: "Next clip" → playable waveform.
        performance.mark(WAVEFORM_READY_MARK);
        pausedAtRef.current = 0;
        readyRef.current = true;
        setStatus({ kind: "ready", duration, gen });
        latest.current.onReady?.(duration);
        const decoded = ws.getDecodedData();
        if (decoded) latest.current.onDecoded?.(decoded);
      }),
      ws.on("error", (error) => {
        setStatus({ kind: "error", message: error.message || String(error) });
      }),
      ws.on("play", () => {
        latest.current.onPlayingChange?.(true);
        if (autoRestartRef.current) autoRestartRef.current = false;
        else latest.current.onPlay?.();
      }),
      ws.on("pause", () => {
        pausedAtRef.current = ws.getCurrentTime();
        const loopId = loopRef.current;
        const region = loopId ? regions.getRegions().find((r) => r.id === loopId) : undefined;
        if (region && ws.getCurrentTime() >= region.end - 0.05) {
          // The loop reached the span's end: start it again, still "playing" for the caller.
          autoRestartRef.current = true;
          void ws.play(region.start, region.end).catch(() => undefined);
          return;
        }
        loopRef.current = null; // paused by hand (or the span is gone): any loop ends
        latest.current.onPlayingChange?.(false);
      }),
      ws.on("timeupdate", (t) => latest.current.onTimeUpdate?.(t)),
      ws.on("finish", () => latest.current.onFinish?.()),
      ws.on("interaction", (t) => {
        pausedAtRef.current = t; // a click or drag on the waveform moved the playhead
      }),
      ws.on("zoom", (px) => latest.current.onZoomChange?.(pxToZoom(px, fitPxPerSec(ws)))),
      ws.on("click", () => {
        if (performance.now() - regionClickAtRef.current > 50) latest.current.onSelect?.(null);
      }),
      regions.on("region-created", (region) => {
        if (addingRef.current) return; // one of ours, added from the spans prop
        const { start, end } = region;
        region.remove();
        if (end - start < MIN_SPAN_SECONDS) return;
        latest.current.onCreate?.(roundSeconds(start), roundSeconds(end));
      }),
      regions.on("region-updated", (region) => {
        const start = roundSeconds(region.start);
        const end = roundSeconds(region.end);
        pending.set(region.id, { start, end, at: performance.now() });
        latest.current.onChange?.(region.id, start, end);
      }),
      regions.on("region-clicked", (region) => {
        regionClickAtRef.current = performance.now();
        latest.current.onSelect?.(region.id);
      }),
    ];

    const loading = typeof audio === "string" ? ws.load(audio) : ws.loadBlob(audio);
    // Failures arrive through the "error" event; a load superseded by destroy() is expected.
    loading.catch(() => undefined);

    return () => {
      for (const unsubscribe of subs) unsubscribe();
      loopRef.current = null;
      pending.clear();
      wsRef.current = null;
      regionsRef.current = null;
      ws.destroy();
    };
  }, [audio, height]);

  const readyGen = status.kind === "ready" ? status.gen : 0;
  /** True inside an effect when the current instance is the one that became ready. */
  const isLive = useCallback(
    (gen: number) => gen !== 0 && gen === genRef.current && readyRef.current,
    [],
  );

  useRegionSync({
    regionsRef,
    isLive,
    readyGen,
    spans,
    selectedId,
    allowCreate,
    createColor,
    pendingRef,
    addingRef,
  });

  // zoom prop (a factor of this clip's fitted level) → wavesurfer's pixels per second.
  useEffect(() => {
    const ws = wsRef.current;
    if (!isLive(readyGen) || !ws || zoom === undefined) return;
    const px = zoomToPx(zoom, fitPxPerSec(ws));
    if (Math.abs(ws.options.minPxPerSec - px) > 0.5) ws.zoom(px);
  }, [isLive, readyGen, zoom]);

  const spectrogramError = useSpectrogram(wsRef, isLive, readyGen, showSpectrogram);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const overlay = props.overlay ?? null;
  useOverlay(wsRef, overlayRef, isLive, readyGen, overlay, height);

  const currentTime = useCallback((): number => {
    const ws = wsRef.current;
    if (!ws) return 0;
    return ws.isPlaying() ? ws.getCurrentTime() : pausedAtRef.current;
  }, []);

  const regionById = useCallback(
    (id: string) => regionsRef.current?.getRegions().find((r) => r.id === id),
    [],
  );

  useImperativeHandle(
    ref,
    (): WaveformHandle => ({
      playPause() {
        const ws = wsRef.current;
        if (!ws) return;
        if (ws.isPlaying()) loopRef.current = null;
        void ws.playPause().catch(() => undefined);
      },
      play() {
        void wsRef.current?.play().catch(() => undefined);
      },
      pause() {
        loopRef.current = null;
        wsRef.current?.pause();
      },
      seekBy(seconds) {
        const ws = wsRef.current;
        if (!ws) return;
        const target = clampTime(currentTime() + seconds, ws.getDuration());
        pausedAtRef.current = target;
        ws.setTime(target);
        latest.current.onTimeUpdate?.(target);
      },
      playSpan(id, loop = false) {
        const ws = wsRef.current;
        const region = regionById(id);
        if (!ws || !region) return;
        loopRef.current = loop ? id : null;
        void ws.play(region.start, region.end).catch(() => undefined);
      },
      stopLoop() {
        loopRef.current = null;
      },
      zoomBy(factor) {
        const ws = wsRef.current;
        if (!ws?.getDecodedData()) return;
        const fit = fitPxPerSec(ws);
        ws.zoom(zoomToPx(pxToZoom(ws.options.minPxPerSec, fit) * factor, fit));
      },
      getCurrentTime: currentTime,
    }),
    [regionById, currentTime],
  );

  const words = props.words ?? ENGLISH_WORDS;
  const boxHeight = useMemo(
    () => waveformBoxHeight(height, showSpectrogram),
    [height, showSpectrogram],
  );

  return (
    <section
      aria-label={props.name ?? "Waveform"}
      aria-busy={status.kind === "loading"}
      className="relative w-full min-w-0 overflow-hidden rounded-md border border-slate-200 bg-slate-50"
      style={{ height: boxHeight }}
    >
      <div ref={waveRef} className="h-full w-full" data-testid="waveform-canvas" />
      {overlay && (overlay.pitch || overlay.energy) && (
        <canvas
          ref={overlayRef}
          role="img"
          aria-label={words.overlay}
          data-testid="feature-overlay"
          className="pointer-events-none absolute top-0 left-0 z-[4]"
          style={{ height }}
        />
      )}
      {status.kind === "loading" && (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-50">
          <div className="absolute inset-x-4 top-1/2 h-16 -translate-y-1/2 animate-pulse rounded bg-gradient-to-r from-slate-200 via-slate-100 to-slate-200" />
          <span role="status" className="relative text-sm text-slate-500">
            {words.loading}
          </span>
        </div>
      )}
      {status.kind === "error" && (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-red-50 p-4 text-center text-sm text-red-700"
        >
          <strong className="font-semibold">{words.failed}</strong>
          <span>{words.failedHint}</span>
          <span className="text-xs text-red-600/80">{words.details(status.message)}</span>
        </div>
      )}
      {spectrogramError && (
        <p
          role="alert"
          className="absolute right-2 bottom-2 rounded bg-white px-2 text-sm text-red-600"
        >
          {words.spectrogramUnavailable(spectrogramError)}
        </p>
      )}
    </section>
  );
});
