// The expert screen once its data is loaded: clip navigation, the waveform with every crowd
// annotator's spans, the list of spans and the reasons panel for the selected one.
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { WaveformHandle } from "../../../audio/Waveform.tsx";
import type { ClipRecord } from "../../../db/repo.ts";
import { salientRegions } from "../../../domain/stats/saliency.ts";
import { type ClipCounts, studyLabelState } from "../../../domain/study/expert.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import { useExpertUi } from "../../../stores/expert.ts";
import { ClipHeader } from "./ClipHeader.tsx";
import { ClipNav } from "./ClipNav.tsx";
import {
  buildClipView,
  type ExpertSpan,
  overlappingGroup,
  SALIENCY_COLOR,
  selectionForWaveformId,
  stepSpan,
  waveformSpans,
} from "./clipView.ts";
import { ReasonsPanel } from "./ReasonsPanel.tsx";
import { RegionList } from "./RegionList.tsx";
import { ShortcutsDialog } from "./ShortcutsDialog.tsx";
import { SpanEvidence } from "./SpanEvidence.tsx";
import { useClipFeatures } from "./useClipFeatures.ts";
import { useClipNavigation } from "./useClipNavigation.ts";
import { useClipSaliency } from "./useClipSaliency.ts";
import {
  type ClipSpans,
  type ExpertData,
  useClipAudio,
  useClipSpans,
  useCurrentClip,
} from "./useExpertData.ts";
import { useExpertIndex } from "./useExpertIndex.ts";
import { useExpertKeys } from "./useExpertKeys.ts";
import { useReasonWriter } from "./useReasonWriter.ts";
import { useSpanPlayback } from "./useSpanPlayback.ts";
import { WaveformPanel } from "./WaveformPanel.tsx";
import { spanName } from "./words.ts";

const card = "rounded-lg border border-slate-200 bg-white shadow-sm";

interface Props {
  data: ExpertData;
  studyId: string;
  expertId: string;
  banner?: ReactNode;
}

export function ExpertWorkspace({ data, studyId, expertId, banner }: Props) {
  const ui = useExpertUi();
  const t = useT();
  const intl = useIntlShape();
  const taxonomy = data.study.taxonomy;
  const order = useMemo(() => taxonomy.map((t) => t.id), [taxonomy]);

  // The clip comes from the remembered position; the "only unlabelled" filter needs the index.
  const [openClips, setOpenClips] = useState<ReadonlySet<string>>(new Set());
  const [indexEnabled, setIndexEnabled] = useState(false);
  const { index, error: indexError } = useExpertIndex(studyId, expertId, indexEnabled);
  const nav = useClipNavigation(studyId, expertId, index?.clipIds, openClips);
  const current = useCurrentClip(studyId, nav.clipId);
  // The clip on screen is the last one whose spans have arrived: after N or P the previous
  // clip stays until the next one's spans are read (a few milliseconds), so the reasons panel,
  // and the checkbox that has focus, never disappear in between.
  // The clip's record and its spans are read side by side once the index names the clip.
  const wantedSpans = useClipSpans(studyId, nav.clipId ?? current?.id ?? "", data.annotators);
  const shown = useRef<{ clip: ClipRecord; spans: ClipSpans } | null>(null);
  if (current && wantedSpans?.clipId === current.id) {
    shown.current = { clip: current, spans: wantedSpans };
  }
  const clip = shown.current?.clip;
  const clipSpans = shown.current?.spans;
  const clipId = clip?.id ?? "";
  const arriving = current?.id !== clipId;
  // The index is read once the first clip is on screen, so the two do not compete.
  useEffect(() => {
    if (clipSpans !== undefined) setIndexEnabled(true);
  }, [clipSpans]);
  const { toggle: writeToggle, pendingReasons } = useReasonWriter(
    studyId,
    expertId,
    order,
    clipSpans,
  );

  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const studyAnnotators = useMemo(
    () => data.annotators.filter((a) => a.role === "crowd").map((a) => a.id),
    [data.annotators],
  );
  const view = useMemo(() => {
    const v = buildClipView(
      clipId,
      clipSpans?.regions ?? [],
      clipSpans?.labels ?? [],
      expertId,
      studyAnnotators,
      hidden,
      clip && clipSpans
        ? {
            submitted: clipSpans.submitted,
            duration: clip.duration,
            binSeconds: data.study.binSeconds,
          }
        : undefined,
    );
    const withPending = (s: (typeof v.spans)[number]) => ({
      ...s,
      reasons: pendingReasons.get(s.id) ?? s.reasons,
    });
    return { ...v, spans: v.spans.map(withPending), visibleSpans: v.visibleSpans.map(withPending) };
  }, [
    clipId,
    clip,
    clipSpans,
    expertId,
    studyAnnotators,
    hidden,
    pendingReasons,
    data.study.binSeconds,
  ]);

  // Progress and open clips: the index's counts, except for the clips seen live since it was
  // read (labels change only on the clip on screen, and this clip's count includes toggles
  // still being written).
  const currentCounts = useMemo<ClipCounts | undefined>(
    () =>
      clipSpans && {
        spans: view.spans.length,
        labelled: view.spans.filter((s) => s.reasons.length > 0).length,
      },
    [clipSpans, view],
  );
  const visited = useRef({ index, counts: new Map<string, ClipCounts>() });
  if (visited.current.index !== index) visited.current = { index, counts: new Map() };
  if (currentCounts) visited.current.counts.set(clipId, currentCounts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the visited counts change with the current clip's
  const labelState = useMemo(
    () =>
      index && studyLabelState(index.clipIds, index.spans, index.labelled, visited.current.counts),
    [index, clipId, currentCounts],
  );
  const open = labelState?.open;
  useEffect(() => {
    if (open) setOpenClips(open);
  }, [open]);

  // The selection belongs to a clip. On arriving at a clip, its first span still without
  // reasons (else its first span) is selected, and pinned so that labelling it does not move
  // the selection on. Several spans can be selected at once (`group`, the selected one among
  // them): ticks then go to all of them.
  const [choice, setChoice] = useState<{
    clipId: string;
    id: string | null;
    group: readonly string[] | null;
  } | null>(null);
  const firstOpen =
    (view.visibleSpans.find((s) => s.reasons.length === 0) ?? view.visibleSpans[0])?.id ?? null;
  const selectedId = choice?.clipId === clipId ? choice.id : firstOpen;
  const loaded = clipSpans !== undefined;
  useEffect(() => {
    // Wait for the clip's spans: pinning "nothing" before they arrive would lose the default.
    if (loaded && choice?.clipId !== clipId) setChoice({ clipId, id: firstOpen, group: null });
  }, [loaded, choice, clipId, firstOpen]);
  const setSelectedId = useCallback(
    (id: string | null) => setChoice({ clipId, id, group: null }),
    [clipId],
  );
  const selectGroup = useCallback(
    (ids: readonly string[]) =>
      setChoice({ clipId, id: ids[0] ?? null, group: ids.length > 1 ? ids : null }),
    [clipId],
  );
  const selected = view.visibleSpans.find((s) => s.id === selectedId);
  const group = choice?.clipId === clipId ? choice.group : null;
  // The spans a tick goes to: the group's visible spans, else the selected span.
  const targets = useMemo(() => {
    if (group) {
      const ids = new Set(group);
      const spans = view.visibleSpans.filter((s) => ids.has(s.id));
      if (spans.length > 0) return spans;
    }
    return selected ? [selected] : [];
  }, [group, view.visibleSpans, selected]);
  const targetIds = useMemo(() => new Set(targets.map((s) => s.id)), [targets]);
  /** Focus or a click on a listed span: within the group it stays; elsewhere it starts anew. */
  const focusSpan = (id: string) =>
    group?.includes(id) ? setChoice({ clipId, id, group }) : setSelectedId(id);
  const toggleInGroup = (id: string) => {
    const current = targets.map((s) => s.id);
    const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
    const ordered = view.visibleSpans.map((s) => s.id).filter((x) => next.includes(x));
    setChoice({
      clipId,
      id: ordered.includes(selectedId ?? "") ? selectedId : (ordered[0] ?? null),
      group: ordered.length > 1 ? ordered : null,
    });
  };
  const selectOverlapping = () => {
    if (selected) selectGroup(overlappingGroup(view, selected.id));
  };

  // As on the crowd screen, focus moves to the clip's heading when the screen opens and when
  // the clip changes (the focused control often went away with the old clip), so a screen
  // reader announces the clip and Tab starts from the top. A reason checkbox that has focus
  // keeps it: it is still there, for the same reason, on the new clip's selected span. Keys
  // work wherever focus is, so 1–9, 0 and - label the new clip's span right after N or P. The
  // page is not scrolled up to the heading under a keyboard labeller's feet.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonsRef = useRef<HTMLElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    if (!clipId) return;
    const active = document.activeElement;
    const first = !arrived.current;
    arrived.current = true;
    if (active instanceof Node && reasonsRef.current?.contains(active)) return;
    headingRef.current?.focus({ preventScroll: !first });
  }, [clipId]);

  const waveform = useRef<WaveformHandle>(null);
  // A model's saliency, when the study has one for this clip: its salient bins as a band.
  const saliency = useClipSaliency(studyId, clipId);
  const [showSaliency, setShowSaliency] = useState(false);
  const waveSpans = useMemo(() => {
    const spans = waveformSpans(view, ui.showUnion, selected, ui.showConsensus);
    if (!showSaliency || saliency === undefined || clip === undefined) return spans;
    const salient = salientRegions(saliency, clip.duration, data.study.binSeconds, view.union);
    return [
      ...spans,
      ...salient.map((r) => ({
        id: `saliency:${r.start}`,
        ...r,
        color: SALIENCY_COLOR,
        editable: false,
        label: saliency.model,
        band: true,
      })),
    ];
  }, [
    view,
    ui.showUnion,
    selected,
    ui.showConsensus,
    showSaliency,
    saliency,
    clip,
    data.study.binSeconds,
  ]);
  const playback = useSpanPlayback(waveform, waveSpans, clipId);

  // Keys change checkboxes that do not have focus: say what happened for screen readers.
  const [announcement, setAnnouncement] = useState("");
  const toggle = (reasonId: string) => {
    // A key pressed between N and the next clip's arrival must not label the clip leaving.
    if (targets.length === 0 || arriving) return;
    const label = taxonomy.find((t) => t.id === reasonId)?.label ?? reasonId;
    const ticked = !targets.every((s) => s.reasons.includes(reasonId));
    const what =
      targets.length === 1
        ? spanName(intl, targets[0] as ExpertSpan)
        : t("expert.screen.nSpans", { n: targets.length });
    setAnnouncement(
      t(ticked ? "expert.screen.ticked" : "expert.screen.unticked", { reason: label, what }),
    );
    void writeToggle(targets, reasonId).catch(() => undefined);
  };
  const loop = () => playback.toggleLoop(selected?.id);
  const playOne = (id: string) => {
    setSelectedId(id);
    playback.playSpan(id);
  };

  const [help, setHelp] = useState(false);
  useExpertKeys(
    {
      nextClip: nav.goNext,
      previousClip: nav.goPrevious,
      nextSpan: () => setSelectedId(stepSpan(view.visibleSpans, selectedId, 1)),
      previousSpan: () => setSelectedId(stepSpan(view.visibleSpans, selectedId, -1)),
      toggleReason: (i) => {
        const entry = taxonomy[i];
        if (entry) toggle(entry.id);
      },
      playPause: playback.playPause,
      loop,
      selectOverlapping,
      showHelp: () => setHelp(true),
    },
    !help,
  );

  const studyProgress = labelState?.progress;
  const clipProgress = currentCounts
    ? { labelled: currentCounts.labelled, total: currentCounts.spans }
    : { labelled: 0, total: 0 };
  if (current === null) {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <h1 className="text-xl font-semibold">{data.study.name}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("crowd.noClips")}</p>
      </main>
    );
  }
  if (!clip) {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <p role="status" className="text-sm text-slate-500">
          {t("crowd.loading")}
        </p>
      </main>
    );
  }

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-6">
      <ClipHeader
        study={data.study}
        clip={clip}
        expertId={expertId}
        onShowShortcuts={() => setHelp(true)}
        headingRef={headingRef}
      />
      {banner}
      <ClipNav
        position={nav.positionOf(clipId)}
        clipCount={index?.clipIds.length}
        onPrevious={nav.goPrevious}
        onNext={nav.goNext}
        canPrevious={nav.previous !== undefined}
        canNext={nav.next !== undefined}
        onlyUnlabelled={ui.onlyUnlabelled}
        onOnlyUnlabelledChange={ui.setOnlyUnlabelled}
        openClips={open?.size}
        indexError={indexError}
        study={studyProgress}
        clip={clipProgress}
      />
      {/* At laptop size (1280 × 720) the reasons sit beside the clip, in view without scrolling. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 grid-cols-1 gap-4">
          <section aria-label={t("expert.screen.clipSection")} className={`${card} p-4`}>
            <ClipWaveform
              key={clip.id}
              studyId={studyId}
              clip={clip}
              allowedOrigins={data.study.allowedAudioOrigins}
              waveformRef={waveform}
              spans={waveSpans}
              selectedId={selected?.id ?? null}
              onSelect={(id) => selectGroup(selectionForWaveformId(view, id))}
              playing={playback.playing}
              onPlayingChange={playback.setPlaying}
              looping={playback.looping}
              canLoop={selected !== undefined || playback.looping}
              onPlayPause={playback.playPause}
              onLoop={loop}
              onZoom={(f) => waveform.current?.zoomBy(f)}
              showSpectrogram={ui.showSpectrogram}
              onShowSpectrogramChange={ui.setShowSpectrogram}
              showUnion={ui.showUnion}
              onShowUnionChange={ui.setShowUnion}
              showConsensus={ui.showConsensus}
              onShowConsensusChange={ui.setShowConsensus}
              consensus={view.consensus}
              saliencyModel={saliency?.model}
              showSaliency={showSaliency}
              onShowSaliencyChange={setShowSaliency}
              showPitch={ui.showPitch}
              onShowPitchChange={ui.setShowPitch}
              showEnergy={ui.showEnergy}
              onShowEnergyChange={ui.setShowEnergy}
              selectedSpan={selected}
              union={view.union}
              legend={view.legend}
              onToggleAnnotator={(id) =>
                setHidden((h) => {
                  const next = new Set(h);
                  if (!next.delete(id)) next.add(id);
                  return next;
                })
              }
            />
          </section>
          <section aria-labelledby="expert-spans-title" className={`${card} p-4`}>
            <h2 id="expert-spans-title" className="mb-3 text-sm font-semibold text-slate-800">
              {t("expert.screen.spansTitle")}{" "}
              <span className="ms-1 font-normal text-slate-500">
                {t("expert.screen.spansLabelled", {
                  labelled: clipProgress.labelled,
                  total: clipProgress.total,
                })}
              </span>
            </h2>
            <RegionList
              spans={view.visibleSpans}
              hiddenCount={view.spans.length - view.visibleSpans.length}
              selectedId={selected?.id ?? null}
              groupIds={targetIds}
              taxonomy={taxonomy}
              onSelect={focusSpan}
              onToggleInGroup={toggleInGroup}
              onSelectOverlapping={selected ? selectOverlapping : undefined}
              onPlay={playOne}
            />
          </section>
        </div>
        <section
          ref={reasonsRef}
          aria-labelledby="expert-reasons-title"
          className={`${card} p-4 lg:sticky lg:top-4`}
        >
          <h2 id="expert-reasons-title" className="mb-2 text-sm font-semibold text-slate-800">
            {t("expert.screen.reasonsTitle")}
          </h2>
          <ReasonsPanel
            taxonomy={taxonomy}
            spans={targets}
            clipHasSpans={view.spans.length > 0}
            onToggle={toggle}
            onSelectOne={targets.length > 1 ? () => setSelectedId(selectedId) : undefined}
          />
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </section>
      </div>
      {help && <ShortcutsDialog taxonomy={taxonomy} onClose={() => setHelp(false)} />}
    </main>
  );
}

/**
 * WaveformPanel fed with the clip's audio (its own component, keyed by clip, so the audio query
 * and the pitch and energy are per clip).
 */
function ClipWaveform({
  studyId,
  clip,
  allowedOrigins,
  selectedSpan,
  ...rest
}: Omit<Parameters<typeof WaveformPanel>[0], "audio" | "overlay" | "onDecoded" | "evidence"> & {
  studyId: string;
  clip: ClipRecord;
  allowedOrigins: readonly string[] | undefined;
  selectedSpan: ExpertSpan | undefined;
}) {
  const audio = useClipAudio(studyId, clip, allowedOrigins);
  const features = useClipFeatures(studyId, clip.id);
  const overlay = useMemo(
    () =>
      features.features && (rest.showPitch || rest.showEnergy)
        ? { features: features.features, pitch: rest.showPitch, energy: rest.showEnergy }
        : null,
    [features.features, rest.showPitch, rest.showEnergy],
  );
  return (
    <WaveformPanel
      audio={audio}
      overlay={overlay}
      onDecoded={features.onDecoded}
      evidence={<SpanEvidence state={features} span={selectedSpan} />}
      {...rest}
    />
  );
}
