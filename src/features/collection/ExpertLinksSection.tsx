// "Expert links": a link per expert, shown once, that sends their reasons back to the server.
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../domain/util/errorText.ts";
import type { Connection } from "./connection.ts";
import { Field } from "./Field.tsx";
import { LinkRow } from "./PublishedLinks.tsx";
import { makeExpertLink } from "./publish.ts";

export function ExpertLinksSection({
  studyId,
  connection,
}: {
  studyId: string;
  connection: Connection;
}) {
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
      setError(errorMessage(e));
    }
  };
  return (
    <section aria-label="Expert links" className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Expert links</h3>
      <p className="mt-0.5 text-sm text-slate-600">
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
        <Field
          label="Expert id"
          placeholder="e.g. expert1"
          value={expertId}
          onChange={setExpertId}
        />
        <Button type="submit" disabled={expertId.trim() === ""}>
          Make expert link
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Could not make the link: {error}
        </p>
      )}
      {links.length > 0 && (
        <div className="mt-3 space-y-2 text-sm">
          {links.map((l) => (
            <LinkRow key={l.expertId} label={`Link for ${l.expertId}`} link={l.link} />
          ))}
          <p className="text-xs text-slate-600">
            Shown once: the token in a link is not kept anywhere readable. Send each link to its
            expert only.
          </p>
        </div>
      )}
    </section>
  );
}
