// /p/:studyId — a participant of a study on the collection server (docs/server.md). The link
// says who they are (Prolific's PROLIFIC_PID, STUDY_ID, SESSION_ID; or `participant`). Steps:
// consent → intake → headphone check → their clips (or pairs) are fetched → the natural-pairs
// pre-test when the study has one (screened out below its pass accuracy) → instructions → the
// crowd screen, blind, or a compare study's pairs → the completion code, shown once the server
// has acknowledged every clip or pair. A study that has no clip left for a
// new participant says so first, in its language, before consent. Someone coming back (a reload, a
// crash, a new visit with the same link) resumes where they were, offline too.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import { Button } from "../../components/Button.tsx";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import {
  getStudy,
  listSubmissions,
  type StudyRecord,
  studyText,
  updateParticipation,
} from "../../db/repo.ts";
import type { ArriveRequest } from "../../domain/api/requests.ts";
import type { Answers } from "../../domain/collection/intake.ts";
import { acceptsLink } from "../../domain/collection/links.ts";
import { arrivalFromSearch, type StudyAbout } from "../../domain/collection/protocol.ts";
import { playLimitOf } from "../../domain/collection/submissionRules.ts";
import { languageOf, participantTextsOf } from "../../domain/i18n/languages.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { ApiError, sameOriginServer } from "../../lib/collectionApi.ts";
import { browserLanguage, Language, useT } from "../../lib/i18n.tsx";
import { CrowdScreen } from "../annotate/index.ts";
import { ConsentStep, Declined } from "./ConsentStep.tsx";
import { EndScreen } from "./EndScreen.tsx";
import { HeadphoneCheckStep, ScreenedOut } from "./HeadphoneCheckStep.tsx";
import { IntakeStep } from "./IntakeStep.tsx";
import { Outbox } from "./outbox.ts";
import {
  clipIdAt,
  fetchAbout,
  fetchAdmission,
  fetchScreeningSound,
  localStudyId,
  type PrepareProgress,
  prepare,
  screenedOutBefore,
} from "./participation.ts";
import { PlayGate, TrialPlayGate } from "./playGate.ts";
import { ANSWERS, DoneElsewhere, SendStatus } from "./SendStatus.tsx";
import { TrialsStep } from "./TrialsStep.tsx";
import { useSender } from "./useSender.ts";

type Step =
  | { kind: "loading" }
  | { kind: "consent"; about: StudyAbout }
  | { kind: "intake"; about: StudyAbout }
  | { kind: "screening"; about: StudyAbout; answers?: Answers }
  | { kind: "screened-out"; code?: string | undefined; url?: string | undefined }
  | { kind: "declined" }
  | { kind: "full" }
  | { kind: "preparing"; progress: PrepareProgress | null }
  | { kind: "ready" }
  | { kind: "error"; message: string | null; retry?: () => void };

/** The language of the pages: the browser's until the study's is known. */
interface Voice {
  language: string;
  texts?: Record<string, string> | undefined;
}

function Shell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto max-w-6xl p-4 sm:p-6">{children}</main>;
}

/** The error's own words, or null: the server cannot be reached (said in the page's language). */
function messageOf(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 0) return null;
  return errorMessage(error);
}

/** The study had no clip left when this participant arrived (the server's 409). */
const isFull = (error: unknown) => error instanceof ApiError && error.code === "study-full";

export function ParticipantPage({ studyId }: { studyId: string }) {
  const [params] = useSearchParams();
  const search = params.toString();
  const arrival = useMemo(() => arrivalFromSearch(new URLSearchParams(search)), [search]);
  const localId = arrival ? localStudyId(studyId, arrival) : null;
  const [step, setStep] = useState<Step>({ kind: "loading" });
  const [voice, setVoice] = useState<Voice>(() => ({ language: browserLanguage() }));
  const [attempt, setAttempt] = useState(0);
  const server = sameOriginServer();

  // Coming back: the local copy is here, nothing needs the network. Else the consent step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs it on "Try again"
  useEffect(() => {
    if (!arrival || !localId) return;
    let cancelled = false;
    (async () => {
      if ((await getStudy(localId))?.participation) return { kind: "ready" } as const;
      const out = await screenedOutBefore(server, studyId, localId);
      if (out)
        return { kind: "screened-out", code: out.code, url: out.url, about: out.about } as const;
      // Before consent: a study with no clip left for them says so now, not after the check.
      // A link the study refuses is said by the consent step, and not sent to the admission
      // (which refuses it too, 403).
      const about = await fetchAbout(server, studyId);
      if (about.links && !acceptsLink(about.links, arrival.platform))
        return { kind: "consent", about } as const;
      const admission = await fetchAdmission(server, studyId, arrival);
      if (admission.full) return { kind: "full", about } as const;
      return { kind: "consent", about } as const;
    })().then(
      (next) => {
        if (cancelled) return;
        if (next.kind !== "ready")
          setVoice({
            language: next.about.language ?? "en",
            texts: next.about.participantTexts,
          });
        if (next.kind === "screened-out")
          setStep({ kind: "screened-out", code: next.code, url: next.url });
        else setStep(next);
      },
      (e: unknown) =>
        !cancelled &&
        setStep({ kind: "error", message: messageOf(e), retry: () => setAttempt((n) => n + 1) }),
    );
    return () => {
      cancelled = true;
    };
  }, [arrival, localId, server, studyId, attempt]);

  const start = (answers?: Answers, screening?: ArriveRequest["screening"]) => {
    if (!arrival) return;
    setStep({ kind: "preparing", progress: null });
    const full: ArriveRequest = {
      ...arrival,
      ...(answers ? { answers } : {}),
      ...(screening ? { screening } : {}),
    };
    prepare(server, studyId, full, (progress) => setStep({ kind: "preparing", progress })).then(
      (done) =>
        setStep(
          "screenedOut" in done
            ? { kind: "screened-out", code: done.screenedOut.code, url: done.screenedOut.url }
            : { kind: "ready" },
        ),
      (e: unknown) =>
        setStep(
          isFull(e)
            ? { kind: "full" }
            : { kind: "error", message: messageOf(e), retry: () => setAttempt((n) => n + 1) },
        ),
    );
  };

  /** After consent and the intake: the headphone check when the study has one, then Start. */
  const afterIntake = (about: StudyAbout, answers: Answers | undefined) => {
    if (about.screening && about.screening.test !== "off") {
      setStep({ kind: "screening", about, ...(answers ? { answers } : {}) });
    } else start(answers);
  };

  return (
    <Language language={voice.language} texts={voice.texts}>
      <Steps
        step={step}
        studyId={studyId}
        arrival={arrival}
        localId={localId}
        setStep={setStep}
        start={start}
        afterIntake={afterIntake}
      />
    </Language>
  );
}

function Steps({
  step,
  studyId,
  arrival,
  localId,
  setStep,
  start,
  afterIntake,
}: {
  step: Step;
  studyId: string;
  arrival: ReturnType<typeof arrivalFromSearch>;
  localId: string | null;
  setStep(step: Step): void;
  start(answers?: Answers, screening?: ArriveRequest["screening"]): void;
  afterIntake(about: StudyAbout, answers: Answers | undefined): void;
}) {
  const t = useT();
  const server = sameOriginServer();
  useDocumentTitle(step.kind === "consent" ? step.about.name : t("page.title"));

  if (!arrival || !localId) {
    return (
      <Shell>
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <h1 className="font-semibold">{t("link.missingId.title")}</h1>
          <p className="mt-1 text-sm">{t("link.missingId.body", { param: "?participant=" })}</p>
        </div>
      </Shell>
    );
  }
  switch (step.kind) {
    case "loading":
      return (
        <Shell>
          <p className="text-sm text-slate-500">{t("common.opening")}</p>
        </Shell>
      );
    case "error":
      return (
        <Shell>
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <p>{step.message ?? t("common.serverUnreachable")}</p>
            {step.retry && (
              <Button className="mt-3" onClick={step.retry}>
                {t("common.tryAgain")}
              </Button>
            )}
          </div>
        </Shell>
      );
    case "consent":
      if (step.about.links && !acceptsLink(step.about.links, arrival.platform)) {
        return (
          <Shell>
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
            >
              <h1 className="font-semibold">{t("link.notAccepted.title")}</h1>
              <p className="mt-1 text-sm">
                {t(
                  step.about.links === "prolific"
                    ? "link.notAccepted.prolificOnly"
                    : "link.notAccepted.genericOnly",
                )}
              </p>
            </div>
          </Shell>
        );
      }
      return (
        <Shell>
          <ConsentStep
            about={step.about}
            platform={arrival.platform}
            onStart={() =>
              step.about.intake
                ? setStep({ kind: "intake", about: step.about })
                : afterIntake(step.about, undefined)
            }
            onDecline={() => setStep({ kind: "declined" })}
          />
        </Shell>
      );
    case "intake":
      return (
        <Shell>
          {step.about.intake ? (
            <IntakeStep
              config={step.about.intake}
              onDone={(answers) => afterIntake(step.about, answers)}
            />
          ) : null}
        </Shell>
      );
    case "screening": {
      const screening = step.about.screening;
      return (
        <Shell>
          {screening && screening.test !== "off" ? (
            <HeadphoneCheckStep
              config={{ ...screening, test: screening.test }}
              loadSound={(round, sound) =>
                fetchScreeningSound(server, studyId, arrival, round, sound)
              }
              onDone={(result) => start(step.answers, result)}
            />
          ) : null}
        </Shell>
      );
    }
    case "screened-out":
      return (
        <Shell>
          <ScreenedOut code={step.code} url={step.url} />
        </Shell>
      );
    case "declined":
      return (
        <Shell>
          <Declined platform={arrival.platform} />
        </Shell>
      );
    case "full":
      return (
        <Shell>
          <section
            role="alert"
            className="mx-auto max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-900"
          >
            <h1 className="text-xl font-semibold">{t("full.title")}</h1>
            <p className="mt-3">{t("full.body")}</p>
          </section>
        </Shell>
      );
    case "preparing":
      return (
        <Shell>
          <p role="status" className="text-sm text-slate-600">
            {step.progress
              ? t("preparing.progress", { done: step.progress.done, total: step.progress.total })
              : t("preparing")}
          </p>
        </Shell>
      );
    case "ready":
      return <Participating localId={localId} />;
  }
}

/** The local copy's pages in the study's language. */
function Participating({ localId }: { localId: string }) {
  const study = useLiveQuery(() => getStudy(localId).then((s) => s ?? null), [localId]);
  if (!study) return <ParticipatingIn localId={localId} study={study} />;
  return (
    <Language language={languageOf(study.extra)} texts={participantTextsOf(study.extra)}>
      <ParticipatingIn localId={localId} study={study} />
    </Language>
  );
}

/**
 * The pre-test when the study has one (until the server passed it, or screened the participant
 * out), the instructions once, then the main task: a compare study's trials, or the crowd
 * screen; the outbox sends each finished clip and each answer.
 */
function ParticipatingIn({
  localId,
  study,
}: {
  localId: string;
  study: StudyRecord | null | undefined;
}) {
  const t = useT();
  const { sender: outbox, status } = useSender(localId, (id) => new Outbox(id));

  const p = study?.participation;
  // A finished clip is sent at once: the submission count going up kicks the outbox.
  const acknowledged = p?.acknowledged;
  const doneElsewhere = useMemo(() => new Set((acknowledged ?? []).map(clipIdAt)), [acknowledged]);
  // A study with a play limit: each play asked of the server as it starts.
  const limited = study ? playLimitOf(study.extra) !== null : false;
  const gate = useMemo(() => (limited ? new PlayGate(localId) : null), [limited, localId]);
  const counted = p?.plays;
  const plays = useMemo(
    () =>
      gate
        ? {
            used: new Map(Object.entries(counted ?? {}).map(([k, n]) => [clipIdAt(Number(k)), n])),
            request: (clipId: string) => gate.request(clipId),
          }
        : undefined,
    [gate, counted],
  );
  const trialGate = useMemo(() => new TrialPlayGate(localId), [localId]);
  const finished = useLiveQuery(
    () => listSubmissions(localId).then((all) => all.length),
    [localId],
  );
  useEffect(() => {
    if (finished !== undefined && finished > 0) outbox?.kick();
  }, [finished, outbox]);

  if (study === undefined) {
    return (
      <Shell>
        <p className="text-sm text-slate-500">{t("common.opening")}</p>
      </Shell>
    );
  }
  if (!study || !p) {
    return (
      <Shell>
        <p role="alert" className="text-sm text-red-700">
          {t("copyGone")}
        </p>
      </Shell>
    );
  }
  if (p.screenedOut) {
    return (
      <Shell>
        <ScreenedOut code={p.screenedOut.code} url={p.screenedOut.url} by="pretest" />
      </Shell>
    );
  }
  const trialsStep = (stage: "pretest" | "main") => (
    <Shell>
      <TrialsStep
        localId={localId}
        study={study}
        participation={p}
        stage={stage}
        status={status}
        gate={trialGate}
        onAnswered={() => outbox?.kick()}
        onRetry={() => outbox?.kick()}
        end={
          <EndScreen
            participation={p}
            status={status}
            onRetry={() => outbox?.kick()}
            unit={ANSWERS}
          />
        }
      />
    </Shell>
  );
  if (p.trials?.pretest && !p.pretestPassed) return trialsStep("pretest");
  if (!p.begunAt) return <InstructionsStep study={study} />;
  if (p.trials?.main) return trialsStep("main");
  return (
    <Shell>
      <CrowdScreen
        studyId={localId}
        annotatorId={p.participantId}
        participant={{
          doneElsewhere,
          status: (
            <>
              <DoneElsewhere positions={p.notTaken} />
              <SendStatus status={status} onRetry={() => outbox?.kick()} />
            </>
          ),
          end: (
            <>
              <DoneElsewhere positions={p.notTaken} />
              <EndScreen participation={p} status={status} onRetry={() => outbox?.kick()} />
            </>
          ),
          ...(plays ? { plays } : {}),
        }}
      />
    </Shell>
  );
}

function InstructionsStep({ study }: { study: StudyRecord }) {
  const t = useT();
  const text = studyText(study, "instructions");
  const begin = () =>
    void updateParticipation(study.id, (p) => ({ ...p, begunAt: new Date().toISOString() }));
  useEffect(() => {
    if (text.trim() === "") begin();
  });
  if (text.trim() === "") return null;
  return (
    <Shell>
      <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{t("instructions.title")}</h1>
        <p className="mt-3 whitespace-pre-line text-slate-800">{text}</p>
        <p className="mt-3 text-sm text-slate-600">{t("instructions.again")}</p>
        <Button variant="primary" className="mt-5" onClick={begin}>
          {t("instructions.begin")}
        </Button>
      </section>
    </Shell>
  );
}
