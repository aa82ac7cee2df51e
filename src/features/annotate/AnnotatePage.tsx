// /annotate/:studyId — who is annotating (from `?annotator=&role=`, else a prompt), then the
// crowd screen or the expert screen.
import { type ComponentType, useEffect, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { ensureAnnotator, ensureDemoStudy } from "../../db/repo.ts";
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

type Registration =
  | { kind: "pending" }
  | { kind: "ok"; Screen: Screen }
  | { kind: "error"; message: string };

export function AnnotatePage({ studyId }: { studyId: string }) {
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
    (async () => {
      if (studyId === "demo") await ensureDemoStudy().catch(() => undefined);
      await ensureAnnotator(studyId, annotatorId, role);
      return screen;
    })().then(
      (Screen) => !cancelled && setRegistration({ kind: "ok", Screen }),
      (error: unknown) =>
        !cancelled &&
        setRegistration({
          kind: "error",
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [studyId, annotatorId, role]);

  if (!identity) {
    return (
      <IdentityPrompt
        initial={loadIdentity(localStore())}
        onSubmit={(chosen: Identity) => {
          saveIdentity(localStore(), chosen);
          setParams(searchWithIdentity(params.toString(), chosen));
        }}
      />
    );
  }

  if (registration.kind === "error") {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700"
        >
          <p>{registration.message}</p>
          <p className="mt-2 flex gap-4">
            <button
              type="button"
              className="underline"
              onClick={() =>
                setParams((prev) => {
                  const next = new URLSearchParams(prev);
                  next.delete("annotator");
                  next.delete("role");
                  return next;
                })
              }
            >
              Use another annotator id
            </button>
            <Link href="/" className="underline">
              Back to the studies
            </Link>
          </p>
        </div>
      </main>
    );
  }
  if (registration.kind === "pending") {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <p className="text-sm text-slate-500">Opening the study…</p>
      </main>
    );
  }
  const { Screen } = registration;
  if (identity.role === "expert") {
    return <Screen studyId={studyId} annotatorId={identity.annotatorId} />;
  }
  return (
    <main className="mx-auto max-w-6xl p-6">
      <Screen studyId={studyId} annotatorId={identity.annotatorId} />
    </main>
  );
}
