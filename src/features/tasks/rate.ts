// Rating only: the listening workspace (Play and the rating question, no waveform). Its few
// keys are said under the clip rather than in a dialog.
import { ListenWorkspace } from "../annotate/ListenWorkspace.tsx";
import type { TaskUi } from "./types.ts";

export const RATE_UI: TaskUi = {
  kind: "clips",
  Workspace: ListenWorkspace,
  shortcutsDialog: false,
};
