// /annotate/:studyId — the local annotator's link. This entry is small on purpose: the page
// itself (LocalAnnotatePage: who is annotating, then the crowd or expert screen, in the study's
// language) comes with react-intl in a chunk of its own, so the first screen's JavaScript does
// not carry them. Until it is here, a wordless spinner: the study's language is not known yet.
// Loaded by hand rather than through React.lazy, whose Suspense fallback React keeps on screen
// for at least 300 ms.
import { type ComponentType, useEffect, useState } from "react";
import { Busy } from "../../components/Busy.tsx";

type Page = ComponentType<{ studyId: string }>;
let loading: Promise<Page> | undefined;
const loadPage = (): Promise<Page> =>
  (loading ??= import("./LocalAnnotatePage.tsx").then((m) => m.LocalAnnotatePage));

export function AnnotatePage({ studyId }: { studyId: string }) {
  const [page, setPage] = useState<{ Page: Page } | { error: unknown } | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadPage().then(
      (Page) => !cancelled && setPage({ Page }),
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        if (!cancelled) setPage({ error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (page === null) return <Busy />;
  // The app's error boundary says that the page could not be loaded and offers a reload.
  if ("error" in page) throw page.error;
  return <page.Page studyId={studyId} />;
}
