// The study page's "Crowd study on a collection server" card (docs/server.md): the server's
// address and the researcher's token, then "Publish to a collection server" (settings, the
// upload, the participant links to paste into Prolific or hand out) and "Collect from server"
// (a live view of participants and clips × ratings, the reference-clip check per participant,
// and the collected work through the usual merge preview into this study).
// The address is remembered in this browser; the token only for this tab's session.
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { prolificCompletionUrl, type StudyProgress } from "../../domain/collection.ts";
import { REFERENCE_FLAG_THRESHOLD } from "../../domain/referenceCheck.ts";
import { normalizeServer, sameOriginServer } from "../../lib/collectionApi.ts";
import { ImportAnnotations } from "../import-export/index.ts";
import {
  collectFile,
  fetchProgress,
  makeExpertLink,
  type PublishOutcome,
  type PublishStage,
  publishToServer,
} from "./publish.ts";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:border-slate-900 focus:outline-none focus:ring-1 focus:ring-slate-900";
const SERVER_KEY = "redpen.collection.server";
const TOKEN_KEY = "redpen.collection.token";

function stored(storage: () => Storage, key: string): string {
  try {
    return storage().getItem(key) ?? "";
  } catch {
    return "";
  }
}
function store(storage: () => Storage, key: string, value: string) {
  try {
    storage().setItem(key, value);
  } catch {
    // Not remembered: typed again next time.
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function CollectionPanel({ studyId }: { studyId: string }) {
  const ids = { server: useId(), token: useId() };
  const [server, setServer] = useState(() => stored(() => localStorage, SERVER_KEY));
  const [token, setToken] = useState(() => stored(() => sessionStorage, TOKEN_KEY));

  // Served by a collection server itself: its own address is the natural default.
  useEffect(() => {
    if (server !== "") return;
    const here = sameOriginServer();
    fetch(`${here}/api/health`)
      .then((r) => (r.ok ? r.json() : null))
      .then((h: { ok?: boolean } | null) => {
        if (h?.ok) setServer((s) => (s === "" ? here : s));
      })
      .catch(() => undefined);
  }, [server]);

  const connection = (): { server: string; token: string } => {
    const url = normalizeServer(server);
    if (token.trim() === "")
      throw new Error("Enter the researcher token the server printed when it first started.");
    store(() => localStorage, SERVER_KEY, url);
    store(() => sessionStorage, TOKEN_KEY, token.trim());
    return { server: url, token: token.trim() };
  };

  return (
    <Card
      title="Crowd study on a collection server"
      description="Publish this study for participants (Prolific or any link), and collect their work back into it."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.server} className="block text-sm font-medium text-slate-800">
            Server address
          </label>
          <input
            id={ids.server}
            className={INPUT}
            type="url"
            placeholder="https://study.example.org"
            value={server}
            onChange={(e) => setServer(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.token} className="block text-sm font-medium text-slate-800">
            Researcher token
          </label>
          <input
            id={ids.token}
            className={INPUT}
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <PublishSection studyId={studyId} connection={connection} />
        <CollectSection studyId={studyId} connection={connection} />
      </div>
      <ExpertLinksSection studyId={studyId} connection={connection} />
    </Card>
  );
}

type Connection = () => { server: string; token: string };

function PublishSection({ studyId, connection }: { studyId: string; connection: Connection }) {
  const ids = { k: useId(), r: useId(), code: useId(), url: useId(), out: useId() };
  const [k, setK] = useState("10");
  const [r, setR] = useState("3");
  const [code, setCode] = useState("");
  const [url, setUrl] = useState("");
  const [outCode, setOutCode] = useState("");
  const [busy, setBusy] = useState<PublishStage | "starting" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<PublishOutcome | null>(null);

  const publish = async () => {
    setError(null);
    setOutcome(null);
    try {
      const { server, token } = connection();
      const settings: Record<string, unknown> = {
        clipsPerParticipant: Number(k),
        ratingsPerClip: Number(r),
      };
      if (code.trim()) settings.completionCode = code.trim();
      if (url.trim()) settings.completionUrl = url.trim();
      if (outCode.trim()) settings.screenedOutCode = outCode.trim();
      setBusy("starting");
      setOutcome(await publishToServer(server, token, studyId, settings, setBusy));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${ids.k}-h`}>
      <h3 id={`${ids.k}-h`} className="text-sm font-semibold text-slate-900">
        Publish to a collection server
      </h3>
      <div className="mt-2 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={ids.k} className="block text-sm text-slate-700">
            Clips per participant
          </label>
          <input
            id={ids.k}
            className={INPUT}
            type="number"
            min={1}
            value={k}
            onChange={(e) => setK(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.r} className="block text-sm text-slate-700">
            Ratings per clip
          </label>
          <input
            id={ids.r}
            className={INPUT}
            type="number"
            min={1}
            value={r}
            onChange={(e) => setR(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.code} className="block text-sm text-slate-700">
            Completion code
          </label>
          <input
            id={ids.code}
            className={INPUT}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.url} className="block text-sm text-slate-700">
            Completion address
          </label>
          <input
            id={ids.url}
            className={INPUT}
            type="url"
            placeholder="https://app.prolific.com/…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.out} className="block text-sm text-slate-700">
            Screened-out code
          </label>
          <input
            id={ids.out}
            className={INPUT}
            placeholder="for a failed headphone check"
            value={outCode}
            onChange={(e) => setOutCode(e.target.value)}
          />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="primary" disabled={busy !== null} onClick={() => void publish()}>
          Publish
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={code.trim() === ""}
          onClick={() => setUrl(prolificCompletionUrl(code.trim()))}
        >
          Use Prolific's completion address
        </Button>
      </div>
      {busy !== null && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {busy === "starting"
            ? "Publishing…"
            : busy.stage === "hashing"
              ? `Reading the audio (${busy.done} of ${busy.total})…`
              : `Sending audio to the server (${busy.done} of ${busy.total})…`}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          Could not publish: {error}
        </p>
      )}
      {outcome && <PublishedLinks outcome={outcome} />}
    </section>
  );
}

function PublishedLinks({ outcome }: { outcome: PublishOutcome }) {
  return (
    <div role="status" className="mt-3 space-y-2 rounded-md bg-emerald-50 p-3 text-sm">
      <p className="text-emerald-900">
        {outcome.created ? "Published" : "Updated"}: {outcome.clips} clips; {outcome.audioSent}{" "}
        audio file(s) sent, {outcome.audioKept} already on the server.
      </p>
      <LinkRow
        label="Prolific study URL (turn on “URL parameters”)"
        link={outcome.links.prolific}
      />
      <LinkRow label="Any other platform, a lab or a class" link={outcome.links.generic} />
    </div>
  );
}

function LinkRow({ label, link }: { label: string; link: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={link} className={`${INPUT} mt-0 font-mono text-xs`} />
        <Button
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}

function CollectSection({ studyId, connection }: { studyId: string; connection: Connection }) {
  const headingId = useId();
  const [progress, setProgress] = useState<StudyProgress | null>(null);
  const [watching, setWatching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [files, setFiles] = useState<File[] | null>(null);
  const [collecting, setCollecting] = useState(false);

  const refresh = async () => {
    try {
      const { server, token } = connection();
      setProgress(await fetchProgress(server, token, studyId));
      setError(null);
      setWatching(true);
    } catch (e) {
      setError(messageOf(e));
      setWatching(false);
    }
  };

  // Live while shown: every 5 seconds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` reads the current fields
  useEffect(() => {
    if (!watching) return;
    const t = window.setInterval(() => void refresh(), 5000);
    return () => window.clearInterval(t);
  }, [watching]);

  const collect = async () => {
    setCollecting(true);
    setError(null);
    try {
      const { server, token } = connection();
      setFiles([await collectFile(server, token, studyId)]);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setCollecting(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Collect from server
      </h3>
      <div className="mt-2 flex flex-wrap gap-3">
        <Button onClick={() => void refresh()}>Show progress</Button>
        <Button variant="primary" disabled={collecting} onClick={() => void collect()}>
          {collecting ? "Collecting…" : "Collect from server"}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      {progress && <ProgressView progress={progress} />}
      {files && (
        <div className="mt-4">
          <ImportAnnotations initialFiles={files} />
        </div>
      )}
    </section>
  );
}

function ProgressView({ progress }: { progress: StudyProgress }) {
  const { participants: p } = progress;
  const target = progress.clips * progress.ratingsPerClip;
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p aria-live="polite" className="text-slate-700">
        Participants: <strong>{p.started}</strong> started, <strong>{p.completed}</strong> finished,{" "}
        <strong>{p.returned}</strong> returned. Clips × ratings: <strong>{progress.done}</strong>{" "}
        done of {progress.assigned} assigned ({target} wanted: {progress.clips} clips ×{" "}
        {progress.ratingsPerClip}).
      </p>
      {progress.perParticipant.length > 0 && (
        <div className="max-h-72 overflow-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Participants</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-600">
              <tr>
                <th className="px-2 py-1 font-medium">Participant</th>
                <th className="px-2 py-1 font-medium">Status</th>
                <th className="px-2 py-1 font-medium">Clips</th>
                <th className="px-2 py-1 font-medium">Reference marked</th>
              </tr>
            </thead>
            <tbody>
              {progress.perParticipant.map((row) => {
                const share =
                  row.referenceMarkedSeconds !== null && row.referenceSeconds
                    ? row.referenceMarkedSeconds / row.referenceSeconds
                    : null;
                const flagged = share !== null && share > REFERENCE_FLAG_THRESHOLD;
                return (
                  <tr key={row.id} className="border-t border-slate-100">
                    <td className="px-2 py-1 font-mono">{row.id}</td>
                    <td className="px-2 py-1">{row.status}</td>
                    <td className="px-2 py-1 tabular-nums">
                      {row.done} / {row.total}
                    </td>
                    <td className={`px-2 py-1 tabular-nums ${flagged ? "text-red-700" : ""}`}>
                      {share === null
                        ? "not yet"
                        : `${Math.round(share * 100)}% (${row.referenceMarkedSeconds?.toFixed(1)} s)${flagged ? " — check" : ""}`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ExpertLinksSection({ studyId, connection }: { studyId: string; connection: Connection }) {
  const ids = { heading: useId(), input: useId() };
  const [expertId, setExpertId] = useState("");
  const [links, setLinks] = useState<{ expertId: string; link: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    setError(null);
    try {
      const { server, token } = connection();
      const id = expertId.trim();
      const link = await makeExpertLink(server, token, studyId, id);
      setLinks((all) => [{ expertId: id, link }, ...all.filter((l) => l.expertId !== id)]);
      setExpertId("");
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <section aria-labelledby={ids.heading} className="mt-6 border-t border-slate-100 pt-4">
      <h3 id={ids.heading} className="text-sm font-semibold text-slate-900">
        Expert links
      </h3>
      <p className="mt-0.5 text-sm text-slate-500">
        An expert's link shows every collected crowd span and sends their reasons back here. Each
        link is for one expert; making a new one for the same id closes the old one.
      </p>
      <form
        className="mt-2 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void make();
        }}
      >
        <div>
          <label htmlFor={ids.input} className="block text-sm text-slate-700">
            Expert id
          </label>
          <input
            id={ids.input}
            className={INPUT}
            placeholder="e.g. expert1"
            value={expertId}
            onChange={(e) => setExpertId(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={expertId.trim() === ""}>
          Make expert link
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          Could not make the link: {error}
        </p>
      )}
      {links.length > 0 && (
        <div className="mt-3 space-y-2 text-sm">
          {links.map((l) => (
            <LinkRow key={l.expertId} label={`Link for ${l.expertId}`} link={l.link} />
          ))}
          <p className="text-xs text-slate-500">
            Shown once: the token in a link is not kept anywhere readable. Send each link to its
            expert only.
          </p>
        </div>
      )}
    </section>
  );
}
