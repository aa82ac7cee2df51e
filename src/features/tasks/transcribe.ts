// Transcribing: the listening workspace (Play within the plays allowed, "What did you hear?").
// Its few keys are said under the clip rather than in a dialog.
import { ListenWorkspace } from "../annotate/ListenWorkspace.tsx";
import type { TaskUi } from "./types.ts";

export const TRANSCRIBE_UI: TaskUi = {
  kind: "clips",
  Workspace: ListenWorkspace,
  shortcutsDialog: false,
};
