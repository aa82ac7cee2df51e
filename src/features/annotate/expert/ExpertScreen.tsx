// The expert screen (/annotate/<studyId>?annotator=<id>&role=expert): every crowd annotator's
// spans on each clip, read-only, and the reasons this expert gives them from the study's
// taxonomy. This file loads the study; ExpertWorkspace does the rest. AnnotatePage registers the
// expert (ensureAnnotator, role conflicts included) before it renders this screen. Its words are
// messages of the page's language (the caller's <Language>, the study's; docs/languages.md);
// the taxonomy's labels and descriptions are the study's own.
import type { ReactNode } from "react";
import { useDocumentTitle } from "../../../components/useDocumentTitle.ts";
import { useT } from "../../../lib/i18n.tsx";
import { ExpertWorkspace } from "./ExpertWorkspace.tsx";
import { useExpertData } from "./useExpertData.ts";

export function ExpertScreen({
  studyId,
  annotatorId,
  banner,
}: {
  studyId: string;
  annotatorId: string;
  /** Under the clip's header: an expert link's sending status. */
  banner?: ReactNode;
}) {
  const t = useT();
  const data = useExpertData(studyId);
  useDocumentTitle(data === null ? t("crowd.notFoundTitle") : t("expert.title"), data?.study.name);

  if (data === null) {
    return (
      <Frame>
        <h1 className="text-xl font-semibold">{t("crowd.notFoundTitle")}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {t("expert.screen.notFound", { id: studyId })}
        </p>
      </Frame>
    );
  }
  if (data === undefined) {
    return (
      <Frame>
        <p role="status" className="text-sm text-slate-500">
          {t("crowd.loading")}
        </p>
      </Frame>
    );
  }
  return <ExpertWorkspace data={data} studyId={studyId} expertId={annotatorId} banner={banner} />;
}

function Frame({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-6xl p-6">{children}</main>;
}
