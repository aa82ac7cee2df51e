// The expert screen once its data is loaded: clip navigation, the waveform with every crowd
// annotator's spans, the list of spans and the reasons panel for the selected one. Its parts:
// the clip on screen (useShownClip), its view and progress (useExpertView), the selection
// (useSpanSelection), the spans drawn (useWaveSpans), ticking reasons (useReasonToggle), focus
// on arrival (useArrivalFocus) and the sections (ClipWaveform, SpansSection, ReasonsSection).
import { type ReactNode, useMemo, useRef, useState } from "react";
import type { WaveformHandle } from "../../../audio/Waveform.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { useExpertUi } from "../../../stores/expert.ts";
import { ClipHeader } from "./ClipHeader.tsx";
import { ClipNav } from "./ClipNav.tsx";
import { ClipPending } from "./ClipPending.tsx";
import { ClipWaveform } from "./ClipWaveform.tsx";
import { type ClipView, selectionForWaveformId, stepSpan } from "./clipView.ts";
import { ReasonsSection } from "./ReasonsSection.tsx";
import { ShortcutsDialog } from "./ShortcutsDialog.tsx";
import { SpansSection } from "./SpansSection.tsx";
import { useArrivalFocus } from "./useArrivalFocus.ts";
import type { ExpertData } from "./useExpertData.ts";
import { useExpertKeys } from "./useExpertKeys.ts";
import { useExpertView } from "./useExpertView.ts";
import { useReasonToggle } from "./useReasonToggle.ts";
import { useReasonWriter } from "./useReasonWriter.ts";
import { useShownClip } from "./useShownClip.ts";
import { useSpanPlayback } from "./useSpanPlayback.ts";
import { useSpanSelection } from "./useSpanSelection.ts";
import { useWaveSpans } from "./useWaveSpans.ts";

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
  const taxonomy = data.study.taxonomy;
  const order = useMemo(() => taxonomy.map((t) => t.id), [taxonomy]);

  const shown = useShownClip(studyId, expertId, data);
  const { nav, index, clip, clipSpans, clipId } = shown;
  const writer = useReasonWriter(studyId, expertId, order, clipSpans);
  const { view, toggleAnnotator, open, studyProgress, clipProgress } = useExpertView({
    data,
    expertId,
    shown,
    pendingReasons: writer.pendingReasons,
  });
  const selection = useSpanSelection(clipId, view, clipSpans !== undefined);
  const { selected, selectedId, setSelectedId, targets } = selection;
  const { headingRef, reasonsRef } = useArrivalFocus(clipId);

  const waveform = useRef<WaveformHandle>(null);
  const drawn = useWaveSpans({
    studyId,
    clip,
    binSeconds: data.study.binSeconds,
    view,
    selected,
  });
  const playback = useSpanPlayback(waveform, drawn.spans, clipId);
  const { toggle, announcement } = useReasonToggle({
    taxonomy,
    targets,
    arriving: shown.arriving,
    write: writer.toggle,
  });
  const loop = () => playback.toggleLoop(selected?.id);
  const playOne = (id: string) => {
    setSelectedId(id);
    playback.playSpan(id);
  };
  const [help, setHelp] = useState(false);
  useWorkspaceKeys({ nav, view, selection, taxonomy, toggle, playback, loop, help, setHelp });

  if (shown.current === null || !clip) {
    return <ClipPending studyName={data.study.name} empty={shown.current === null} />;
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
        indexError={shown.indexError}
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
              drawn={drawn}
              view={view}
              selected={selected}
              onSelect={(id) => selection.selectGroup(selectionForWaveformId(view, id))}
              playback={playback}
              onLoop={loop}
              onToggleAnnotator={toggleAnnotator}
            />
          </section>
          <SpansSection
            className={`${card} p-4`}
            progress={clipProgress}
            spans={view.visibleSpans}
            hiddenCount={view.spans.length - view.visibleSpans.length}
            selectedId={selected?.id ?? null}
            groupIds={selection.targetIds}
            taxonomy={taxonomy}
            onSelect={selection.focusSpan}
            onToggleInGroup={selection.toggleInGroup}
            onSelectOverlapping={selected ? selection.selectOverlapping : undefined}
            onPlay={playOne}
          />
        </div>
        <ReasonsSection
          sectionRef={reasonsRef}
          className={`${card} p-4 lg:sticky lg:top-4`}
          announcement={announcement}
          taxonomy={taxonomy}
          spans={targets}
          clipHasSpans={view.spans.length > 0}
          onToggle={toggle}
          onSelectOne={targets.length > 1 ? () => setSelectedId(selectedId) : undefined}
        />
      </div>
      {help && <ShortcutsDialog taxonomy={taxonomy} onClose={() => setHelp(false)} />}
    </main>
  );
}

/** The screen's keys (useExpertKeys) bound to its navigation, selection, reasons and player. */
function useWorkspaceKeys(p: {
  nav: ReturnType<typeof useShownClip>["nav"];
  view: ClipView;
  selection: ReturnType<typeof useSpanSelection>;
  taxonomy: readonly { id: string }[];
  toggle(reasonId: string): void;
  playback: ReturnType<typeof useSpanPlayback>;
  loop(): void;
  /** The shortcuts dialog is open: it has the keys. */
  help: boolean;
  setHelp(open: boolean): void;
}) {
  const { view, selection } = p;
  useExpertKeys(
    {
      nextClip: p.nav.goNext,
      previousClip: p.nav.goPrevious,
      nextSpan: () => selection.setSelectedId(stepSpan(view.visibleSpans, selection.selectedId, 1)),
      previousSpan: () =>
        selection.setSelectedId(stepSpan(view.visibleSpans, selection.selectedId, -1)),
      toggleReason: (i) => {
        const entry = p.taxonomy[i];
        if (entry) p.toggle(entry.id);
      },
      playPause: p.playback.playPause,
      loop: p.loop,
      selectOverlapping: selection.selectOverlapping,
      showHelp: () => p.setHelp(true),
    },
    !p.help,
  );
}
