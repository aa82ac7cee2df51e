// Above the publish form: whether the server has the study, and who is in it.
import type { PublishedStudy } from "../../domain/collection/protocol.ts";

/** Whether the server has the study, when it was last published, and who is in it. */
export function PublishedStatus({
  published,
  reading,
}: {
  published: PublishedStudy | null | undefined;
  reading: boolean;
}) {
  if (reading) return <p className="mt-1 text-sm text-slate-600">Reading what is published…</p>;
  if (published === undefined) return null;
  if (published === null)
    return (
      <p className="mt-1 text-sm text-slate-600">
        Not published on this server yet: the settings below are the defaults.
      </p>
    );
  const p = published.participants;
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="published-status">
      Published on this server (last {new Date(published.updatedAt).toLocaleString()}):{" "}
      {published.clips} clips; {p.started} working, {p.completed} finished, {p.screenedOut} screened
      out, {p.returned} returned. The settings below are the published ones.
    </p>
  );
}
