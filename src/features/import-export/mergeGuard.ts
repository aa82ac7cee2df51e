// A merge writes in one IndexedDB transaction: leaving the page while it runs aborts it, and
// nothing of it is stored. So while a merge runs, the browser asks before leaving the page
// (beforeunload), and a note in sessionStorage (which lives through a reload of the same tab)
// lets the next page load say that the merge did not finish.

const KEY = "redpen:merge-running";

export interface RunningMerge {
  studyName: string;
  files: number;
  startedAt: string;
}

let running = 0;

function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = "";
}

/**
 * Marks a merge as running until the returned function is called: leaving the page asks
 * first, and an interrupted merge is reported on the next load (interruptedMergeMessage).
 */
export function guardMerge(merge: RunningMerge): () => void {
  running++;
  if (running === 1) window.addEventListener("beforeunload", askBeforeLeaving);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(merge));
  } catch {
    // Storage refused (private mode, full): the prompt still guards the merge.
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    running--;
    if (running === 0) window.removeEventListener("beforeunload", askBeforeLeaving);
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing to clean.
    }
  };
}

/**
 * What to tell the person when the previous page in this tab was left (or crashed) while a
 * merge ran, or null; reading it clears it, so it is said once.
 */
export function interruptedMergeMessage(): string | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!text) return null;
  let merge: Partial<RunningMerge> = {};
  try {
    merge = JSON.parse(text) as Partial<RunningMerge>;
  } catch {
    // A damaged note still means a merge was interrupted.
  }
  const files = typeof merge.files === "number" ? merge.files : 0;
  const what = files > 0 ? `The merge of ${files === 1 ? "1 file" : `${files} files`}` : "A merge";
  const into = typeof merge.studyName === "string" ? ` into study “${merge.studyName}”` : "";
  return `${what}${into} was cancelled: the page was left or reloaded before it finished. A merge is stored whole or not at all, so nothing of it was stored. Import the files again to merge them.`;
}
