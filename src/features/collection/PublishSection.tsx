// "Publish to a collection server": the settings as published on the server (read back when the
// card opens, so a reload shows them, not defaults), the consent and screened-out settings, and
// Publish, which asks before changing anything for people already in the study.
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import {
  type CollectionSettings,
  type PublishedStudy,
  prolificCompletionUrl,
} from "../../domain/collection/protocol.ts";
import type { PublishChange } from "../../domain/collection/publishChanges.ts";
import type { StudyTask } from "../../domain/interchange/types.ts";
import { moduleOf } from "../../domain/tasks/index.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { ConfirmChanges } from "./ConfirmChanges.tsx";
import type { Connection } from "./connection.ts";
import { Field } from "./Field.tsx";
import { PublishedLinks } from "./PublishedLinks.tsx";
import { PublishedStatus } from "./PublishedStatus.tsx";
import {
  fetchPublished,
  type PublishOutcome,
  type PublishStage,
  publishToServer,
} from "./publish.ts";
import { DEFAULT_DRAFT, type Draft, draftOf, settingsOf } from "./publishDraft.ts";

type Pending = {
  changes: PublishChange[];
  published: PublishedStudy;
  answer(ok: boolean): void;
};

export function PublishSection({
  studyId,
  connection,
  task = "mark",
  defaults = {},
}: {
  studyId: string;
  connection: Connection;
  /** The study's task: K and R are labelled in its terms (a comparison's pairs and judgments). */
  task?: StudyTask;
  /** The study's own settings (`study.collection`, as New study or `cli new` set them). */
  defaults?: Partial<CollectionSettings>;
}) {
  const headingId = useId();
  const labels = moduleOf(task).studyPage;
  // Until what is published is read back: the study's own K and R, else the defaults.
  const [draft, setDraft] = useState<Draft>(() => ({
    ...DEFAULT_DRAFT,
    ...(defaults.clipsPerParticipant !== undefined
      ? { k: String(defaults.clipsPerParticipant) }
      : {}),
    ...(defaults.ratingsPerClip !== undefined ? { r: String(defaults.ratingsPerClip) } : {}),
  }));
  const [published, setPublished] = useState<PublishedStudy | null | undefined>(undefined);
  const [busy, setBusy] = useState<PublishStage | "starting" | "reading" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<PublishOutcome | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const readBack = async (quiet = false) => {
    if (!quiet) setError(null);
    let server: string;
    let token: string;
    try {
      ({ server, token } = connection());
    } catch (e) {
      if (!quiet) setError(errorMessage(e));
      return;
    }
    setBusy("reading");
    try {
      const found = await fetchPublished(server, token, studyId);
      setPublished(found);
      if (found) setDraft(draftOf(found.settings));
    } catch (e) {
      setError(`Could not read what is published: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  // With a token for this tab already, what is published shows at once (after a reload too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the fields as restored
  useEffect(() => {
    void readBack(true);
  }, []);

  const confirm = (changes: PublishChange[], on: PublishedStudy) =>
    new Promise<boolean>((resolve) => {
      setPending({
        changes,
        published: on,
        answer: (ok) => {
          setPending(null);
          resolve(ok);
        },
      });
    });

  const publish = async () => {
    setError(null);
    setOutcome(null);
    try {
      const { server, token } = connection();
      setBusy("starting");
      const done = await publishToServer(
        server,
        token,
        studyId,
        settingsOf(draft, published ?? null, labels),
        setBusy,
        confirm,
      );
      if (done) {
        setOutcome(done);
        setPublished(await fetchPublished(server, token, studyId));
      }
    } catch (e) {
      setError(`Could not publish: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Publish to a collection server
      </h3>
      <PublishedStatus published={published} reading={busy === "reading"} />
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label={labels.perParticipant}
          type="number"
          min={1}
          value={draft.k}
          onChange={set("k")}
        />
        <Field label={labels.perItem} type="number" min={1} value={draft.r} onChange={set("r")} />
        <Field label="Completion code" value={draft.code} onChange={set("code")} />
        <Field
          label="Completion address"
          type="url"
          placeholder="https://app.prolific.com/…"
          value={draft.url}
          onChange={set("url")}
        />
        <Field
          label="Screened-out code"
          placeholder="for a failed headphone check"
          value={draft.outCode}
          onChange={set("outCode")}
        />
        <Field
          label="Screened-out address"
          type="url"
          placeholder="https://app.prolific.com/…"
          hint="The screened-out page's “Back to Prolific” button."
          value={draft.outUrl}
          onChange={set("outUrl")}
        />
        <Field
          className="sm:col-span-2"
          label="Consent text"
          rows={4}
          hint="What participants agree to before they start. Empty: the study's own, else the participant pages' default, which says headphones are needed."
          value={draft.consent}
          onChange={set("consent")}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          disabled={busy !== null || pending !== null}
          onClick={() => void publish()}
        >
          Publish
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={draft.code.trim() === "" && draft.outCode.trim() === ""}
          onClick={() =>
            setDraft((d) => ({
              ...d,
              url: d.code.trim() ? prolificCompletionUrl(d.code.trim()) : d.url,
              outUrl: d.outCode.trim() ? prolificCompletionUrl(d.outCode.trim()) : d.outUrl,
            }))
          }
        >
          Use Prolific's completion address
        </Button>
        <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => void readBack()}>
          Read what is published
        </Button>
      </div>
      {pending && (
        <ConfirmChanges
          changes={pending.changes}
          published={pending.published}
          onAnswer={pending.answer}
        />
      )}
      {busy !== null && busy !== "reading" && pending === null && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {busy === "starting"
            ? "Publishing…"
            : busy.stage === "hashing"
              ? `Reading the audio (${busy.done} of ${busy.total})…`
              : `Sending audio to the server (${busy.done} of ${busy.total})…`}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {outcome && <PublishedLinks outcome={outcome} />}
    </section>
  );
}
