// What a task declares on the app's side: its participant screen. The rest of a task (texts,
// rules, settings, figures, study-page wording) is its domain module (src/domain/tasks).
import type { ComponentType } from "react";
import type { ClipWorkspaceProps } from "../annotate/ClipWorkspace.tsx";

export interface TaskUi {
  /** The screen of one clip on the crowd link and a server study's participant page. */
  Workspace: ComponentType<ClipWorkspaceProps>;
  /** Whether the screen header offers the keyboard shortcuts dialog ("?"). */
  shortcutsDialog: boolean;
}
