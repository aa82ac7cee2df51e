import { ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import { comparePath } from "../../lib/routes.ts";
import { ImportAnnotations } from "../import-export/index.ts";
import { NewStudyForm } from "./NewStudyForm.tsx";
import { StudyList } from "./StudyList.tsx";

export function HomePage() {
  useDocumentTitle("Studies");
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">RedPen Annotator</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Mark where and why synthetic speech sounds unnatural: crowd annotators drag across a clip
          to mark unnatural spans, experts tag each span with reasons, and researchers measure
          agreement. Everything is stored in this browser.
        </p>
      </div>
      <StudyList />
      <p className="text-sm text-slate-600">
        <ButtonLink href={comparePath()} size="sm">
          Compare conditions
        </ButtonLink>{" "}
        the MOS of several studies, or of one study's listener groups, side by side.
      </p>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <NewStudyForm />
        </div>
        <Card
          title="Import annotations"
          description="Bring in annotation files exported from RedPen, e.g. from your annotators."
        >
          <ImportAnnotations />
        </Card>
      </div>
    </main>
  );
}
