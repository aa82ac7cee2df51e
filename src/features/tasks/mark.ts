// Marking spans on the waveform (RedPen's task): the crowd screen's waveform workspace.
import { ClipWorkspace } from "../annotate/ClipWorkspace.tsx";
import type { TaskUi } from "./types.ts";

export const MARK_UI: TaskUi = { kind: "clips", Workspace: ClipWorkspace, shortcutsDialog: true };
