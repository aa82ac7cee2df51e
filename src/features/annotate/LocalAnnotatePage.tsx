// /annotate/:studyId, loaded by AnnotatePage — who is annotating (from `?annotator=&role=`, else
// a prompt), then the crowd screen or the expert screen, all in the study's language
// (`study.language`, with its Participant texts; docs/languages.md).
import { useLiveQuery } from "dexie-react-hooks";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { Busy } from "../../components/Busy.tsx";
import { ensureAnnotator, ensureDemoStudy, getStudy, listAnnotators } from "../../db/repo.ts";
import { languageOf, participantTextsOf } from "../../domain/i18n/languages.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { browserLanguage, Language, type MessageId, useT } from "../../lib/i18n.tsx";
import {
  type Identity,
  identityFromSearch,
  loadIdentity,
  saveIdentity,
  searchWithIdentity,
} from "../../lib/identity.ts";
import { IdentityPrompt } from "./IdentityPrompt.tsx";

// Both screens (and wavesurfer.js with them) load only when someone opens /annotate, which
// keeps them out of the JavaScript every other page starts with. The screen's code is fetched
// while the annotator is registered, and shown as soon as both are done: not through
// React.lazy, whose Suspense fallback React keeps on screen for at least 300 ms.
type Screen = ComponentType<{ studyId: string; annotatorId: string }>;
const loadScreen = (role: string): Promise<Screen> =>
  role === "expert"
    ? import("./expert/ExpertScreen.tsx").then((m) => m.ExpertScreen)
    : import("./CrowdScreen.tsx").then((m) => m.CrowdScreen);

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Why the study could not be opened: a message of the page's language, or the error's words. */
type Problem = { id: MessageId; values?: Record<string, string> } | { text: string };

class RegistrationProblem extends Error {
  constructor(readonly problem: Problem) {
    super("id" in problem ? problem.id : problem.text);
  }
}

type Registration =
  | { kind: "pending" }
  | { kind: "ok"; Screen: Screen }
  | { kind: "error"; problem: Problem };

/** Registers the annotator, saying in the page's language why not when the study refuses. */
async function register(studyId: string, annotatorId: string, role: Identity["role"]) {
  if (studyId === "demo") await ensureDemoStudy().catch(() => undefined);
  if (!(await getStudy(studyId)))
    throw new RegistrationProblem({ id: "crowd.notFound", values: { id: studyId } });
  const other = (await listAnnotators(studyId)).find(
    (a) => a.id === annotatorId && a.role !== role,
  );
  if (other)
    throw new RegistrationProblem({
      id: "annotate.roleTaken",
      values: { id: annotatorId, role: other.role },
    });
  await ensureAnnotator(studyId, annotatorId, role);
}

/** The pages below in the study's language; the browser's while the study is not in it. */
function StudyLanguage({ studyId, children }: { studyId: string; children: ReactNode }) {
  const study = useLiveQuery(() => getStudy(studyId).then((s) => s ?? null), [studyId]);
  if (study === undefined) return <Busy />;
  return (
    <Language
      language={study ? languageOf(study.extra) : browserLanguage()}
      texts={study ? participantTextsOf(study.extra) : undefined}
    >
      {children}
    </Language>
  );
}

export function LocalAnnotatePage({ studyId }: { studyId: string }) {
  const [params, setParams] = useSearchParams();
  const identity = identityFromSearch(params);
  const annotatorId = identity?.annotatorId;
  const role = identity?.role;
  const [registration, setRegistration] = useState<Registration>({ kind: "pending" });

  useEffect(() => {
    if (!annotatorId || !role) return;
    let cancelled = false;
    setRegistration({ kind: "pending" });
    saveIdentity(localStore(), { annotatorId, role });
    const screen = loadScreen(role);
    register(studyId, annotatorId, role)
      .then(() => screen)
      .then(
        (Screen) => !cancelled && setRegistration({ kind: "ok", Screen }),
        (error: unknown) =>
          !cancelled &&
          setRegistration({
            kind: "error",
            problem:
              error instanceof RegistrationProblem ? error.problem : { text: errorMessage(error) },
          }),
      );
    return () => {
      cancelled = true;
    };
  }, [studyId, annotatorId, role]);

  return (
    <StudyLanguage studyId={studyId}>
      {!identity ? (
        <IdentityPrompt
          initial={loadIdentity(localStore())}
          onSubmit={(chosen: Identity) => {
            saveIdentity(localStore(), chosen);
            setParams(searchWithIdentity(params.toString(), chosen));
          }}
        />
      ) : registration.kind === "error" ? (
        <Refused
          problem={registration.problem}
          onOtherId={() =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              next.delete("annotator");
              next.delete("role");
              return next;
            })
          }
        />
      ) : registration.kind === "pending" ? (
        <Opening />
      ) : identity.role === "expert" ? (
        // The expert screen is its own <main>.
        <registration.Screen studyId={studyId} annotatorId={identity.annotatorId} />
      ) : (
        <main className="mx-auto max-w-6xl p-6">
          <registration.Screen studyId={studyId} annotatorId={identity.annotatorId} />
        </main>
      )}
    </StudyLanguage>
  );
}

function Opening() {
  const t = useT();
  return (
    <main className="mx-auto max-w-6xl p-6">
      <p className="text-sm text-slate-500">{t("common.opening")}</p>
    </main>
  );
}

function Refused({ problem, onOtherId }: { problem: Problem; onOtherId(): void }) {
  const t = useT();
  return (
    <main className="mx-auto max-w-6xl p-6">
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700"
      >
        <p dir="auto">
          {"id" in problem
            ? t(problem.id, problem.values)
            : t("annotate.failed", { message: problem.text })}
        </p>
        <p className="mt-2 flex gap-4">
          <button type="button" className="underline" onClick={onOtherId}>
            {t("annotate.otherId")}
          </button>
          <Link href="/" className="underline">
            {t("crowd.backToStudies")}
          </Link>
        </p>
      </div>
    </main>
  );
}
