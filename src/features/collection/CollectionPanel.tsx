// The study page's "Crowd study on a collection server" card (docs/server.md): the server's
// address and the researcher's token, then "Publish to a collection server" (PublishSection:
// the published settings read back, consent and screened-out settings, confirmation of changes,
// the links), "Collect from server" (CollectSection: live progress, withdrawing a participant,
// the collected work through the merge preview) and "Expert links" (ExpertLinksSection, for a
// task whose spans experts tag).
// The address is remembered in this browser; the token only for this tab's session.
import { useEffect, useState } from "react";
import { Card } from "../../components/Card.tsx";
import type { CollectionSettings } from "../../domain/collection/protocol.ts";
import type { StudyTask } from "../../domain/interchange/types.ts";
import { moduleOf } from "../../domain/tasks/index.ts";
import { api, sameOriginServer } from "../../lib/collectionApi.ts";
import { CollectSection } from "./CollectSection.tsx";
import { connectionOf, storedServer, storedToken } from "./connection.ts";
import { ExpertLinksSection } from "./ExpertLinksSection.tsx";
import { Field } from "./Field.tsx";
import { PublishSection } from "./PublishSection.tsx";

export function CollectionPanel({
  studyId,
  task,
  defaults = {},
}: {
  studyId: string;
  task: StudyTask;
  /** The study's own collection settings (`study.collection`): the publish form's start. */
  defaults?: Partial<CollectionSettings>;
}) {
  const [server, setServer] = useState(storedServer);
  const [token, setToken] = useState(storedToken);

  // Served by a collection server itself: its own address is the natural default.
  useEffect(() => {
    if (server !== "") return;
    const here = sameOriginServer();
    // A page served elsewhere (the dev server, a static host) has no API here: any failure
    // (unreachable, a refusal, an answer that is not the contract's health) leaves the field empty.
    api(here, "health", { params: {} })
      .then(() => setServer((s) => (s === "" ? here : s)))
      .catch(() => undefined);
  }, [server]);

  const connection = () => connectionOf(server, token);

  return (
    <Card
      title="Crowd study on a collection server"
      description="Publish this study for participants (Prolific or any link), and collect their work back into it."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          strong
          label="Server address"
          type="url"
          placeholder="https://study.example.org"
          value={server}
          onChange={setServer}
        />
        <Field
          strong
          label="Researcher token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={setToken}
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <PublishSection studyId={studyId} connection={connection} task={task} defaults={defaults} />
        <CollectSection studyId={studyId} connection={connection} task={task} />
      </div>
      {/* Experts tag marked spans: only a task with spans gives them work. */}
      {moduleOf(task).studyPage.expertLinks && (
        <ExpertLinksSection studyId={studyId} connection={connection} />
      )}
    </Card>
  );
}
