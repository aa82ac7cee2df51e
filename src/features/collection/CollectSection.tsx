// "Collect from server": the live progress (every 5 seconds once shown), withdrawing a
// participant, and the collected work through the usual merge preview into this study.
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import type { StudyProgress } from "../../domain/collection/protocol.ts";
import type { StudyTask } from "../../domain/interchange/types.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { ImportAnnotations } from "../import-export/index.ts";
import type { Connection } from "./connection.ts";
import { ProgressView } from "./ProgressView.tsx";
import { collectFile, fetchProgress, withdrawFromServer } from "./publish.ts";

export function CollectSection({
  studyId,
  connection,
  task,
}: {
  studyId: string;
  connection: Connection;
  /** The study's task: the progress table's columns and the withdrawal's words. */
  task: StudyTask;
}) {
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
      setError(errorMessage(e));
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
      setError(errorMessage(e));
    } finally {
      setCollecting(false);
    }
  };

  const withdraw = async (row: StudyProgress["perParticipant"][number]) => {
    const { server, token } = connection();
    const platform = row.platform === "prolific" ? "prolific" : "link";
    const done = await withdrawFromServer(server, token, studyId, row.participant, platform);
    await refresh();
    return done;
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
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {progress && <ProgressView progress={progress} onWithdraw={withdraw} task={task} />}
      {files && (
        <div className="mt-4">
          <ImportAnnotations initialFiles={files} />
        </div>
      )}
    </section>
  );
}
