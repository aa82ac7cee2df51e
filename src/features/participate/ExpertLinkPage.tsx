// /x/:studyId?expert=<id>#token=<token> — an expert's link to a study on the collection server
// (docs/server.md, "Experts"). Opening it brings the collected crowd spans into a local copy
// (refreshed on every visit; the last copy is used when the server cannot be reached) and shows
// the expert screen on it; every label is stored here first and sent back by the label outbox.
// The token is taken out of the address bar at once, and kept with the local copy.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { useSearchParams } from "wouter";
import { Button } from "../../components/Button.tsx";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import { getStudy, pendingLabels } from "../../db/repo.ts";
import { languageOf } from "../../domain/i18n/languages.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { ApiError, sameOriginServer } from "../../lib/collectionApi.ts";
import { browserLanguage, Language, type MessageId, useT } from "../../lib/i18n.tsx";
import { ExpertScreen } from "../annotate/index.ts";
import {
  type ExpertOpenProgress,
  expertCopyId,
  LabelOutbox,
  refreshExpertCopy,
} from "./expertLink.ts";
import { LABELS, SendStatus } from "./SendStatus.tsx";
import { useSender } from "./useSender.ts";

type Step =
  | { kind: "loading"; progress: ExpertOpenProgress | null }
  | { kind: "ready"; stale: Said | null }
  | { kind: "error"; message: Said };

/** A problem said by the page (a message id), or the error's own words. */
type Said = { id: MessageId } | { text: string };

/** The token in the link's fragment (`#token=…`), taken out of the address bar. */
function takeToken(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  return decodeURIComponent(match[1] ?? "");
}

class NoToken extends Error {}

const messageOf = (e: unknown): Said =>
  e instanceof ApiError && e.status === 401
    ? { id: "expert.invalid" }
    : e instanceof ApiError && e.status === 0
      ? { id: "expert.unreachable" }
      : e instanceof NoToken
        ? { id: "expert.noToken" }
        : { text: errorMessage(e) };

/** The expert's pages in the study's language once its copy is here, the browser's before. */
export function ExpertLinkPage({ studyId }: { studyId: string }) {
  const [params] = useSearchParams();
  const copy = useLiveQuery(
    () => getStudy(expertCopyId(studyId, params.get("expert") ?? "")).then((s) => s ?? null),
    [studyId, params],
  );
  const language = copy ? languageOf(copy.extra) : browserLanguage();
  return (
    <Language language={language}>
      <ExpertLink studyId={studyId} />
    </Language>
  );
}

function ExpertLink({ studyId }: { studyId: string }) {
  const t = useT();
  const say = (s: Said) => ("id" in s ? t(s.id) : s.text);
  const [params] = useSearchParams();
  const expertId = params.get("expert") ?? "";
  const localId = expertCopyId(studyId, expertId);
  const [token] = useState(takeToken);
  const [step, setStep] = useState<Step>({ kind: "loading", progress: null });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(t("expert.title"));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs it on "Try again"
  useEffect(() => {
    if (!expertId) return;
    let cancelled = false;
    (async () => {
      const copy = await getStudy(localId);
      const useToken = token ?? copy?.expertLink?.token;
      if (!useToken) {
        throw new NoToken();
      }
      try {
        await refreshExpertCopy(sameOriginServer(), studyId, expertId, useToken, (progress) => {
          if (!cancelled) setStep({ kind: "loading", progress });
        });
        return { kind: "ready", stale: null } as const;
      } catch (e) {
        // Offline, or the server is down: the copy from the last visit still works.
        if (copy?.expertLink && e instanceof ApiError && e.retryable)
          return { kind: "ready", stale: messageOf(e) } as const;
        throw e;
      }
    })().then(
      (next) => !cancelled && setStep(next),
      (e: unknown) => !cancelled && setStep({ kind: "error", message: messageOf(e) }),
    );
    return () => {
      cancelled = true;
    };
  }, [studyId, expertId, localId, token, attempt]);

  if (!expertId) {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {t("expert.missingId", { param: "?expert=" })}
        </p>
      </main>
    );
  }
  if (step.kind === "error") {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p>{say(step.message)}</p>
          <Button className="mt-3" onClick={() => setAttempt((n) => n + 1)}>
            {t("common.tryAgain")}
          </Button>
        </div>
      </main>
    );
  }
  if (step.kind === "loading") {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <p role="status" className="text-sm text-slate-600">
          {step.progress && step.progress.total > 0
            ? t("expert.loadingClips", { done: step.progress.done, total: step.progress.total })
            : t("expert.loadingSpans")}
        </p>
      </main>
    );
  }
  return (
    <Labelling
      localId={localId}
      expertId={expertId}
      stale={step.stale ? t("expert.stale", { message: say(step.stale) }) : null}
    />
  );
}

function Labelling({
  localId,
  expertId,
  stale,
}: {
  localId: string;
  expertId: string;
  stale: string | null;
}) {
  const { sender: outbox, status } = useSender(localId, (id) => new LabelOutbox(id));
  // A changed label is sent at once.
  const pending = useLiveQuery(
    () => pendingLabels(localId).then((p) => p.map((l) => l.regionId + l.reasons.join()).join()),
    [localId],
  );
  useEffect(() => {
    if (pending) outbox?.kick();
  }, [pending, outbox]);

  return (
    <ExpertScreen
      studyId={localId}
      annotatorId={expertId}
      banner={
        <>
          {stale && (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {stale}
            </p>
          )}
          <SendStatus status={status} onRetry={() => outbox?.kick()} unit={LABELS} />
        </>
      }
    />
  );
}
