// What a task declares on the app's side: its participant screen. The rest of a task (texts,
// rules, settings, figures, study-page wording) is its domain module (src/domain/tasks).
import type { ComponentType } from "react";
import type { ClipWorkspaceProps } from "../annotate/ClipWorkspace.tsx";
import type { TrialViewProps } from "./compare/TrialView.tsx";

/** A task whose participant works through clips, one screen per clip (mark, rate, transcribe). */
export interface ClipsTaskUi {
  kind: "clips";
  /** The screen of one clip on the crowd link and a server study's participant page. */
  Workspace: ComponentType<ClipWorkspaceProps>;
  /** Whether the screen header offers the keyboard shortcuts dialog ("?"). */
  shortcutsDialog: boolean;
}

/**
 * A task whose participant works through trials (a paired comparison: two samples each). It is
 * done on a collection server's participant page only (features/participate), whose trials the
 * server assigns; the local crowd link has no trials to show.
 */
export interface TrialsTaskUi {
  kind: "trials";
  /** The screen of one trial (the pre-test of any task uses it too). */
  Trial: ComponentType<TrialViewProps>;
}

export type TaskUi = ClipsTaskUi | TrialsTaskUi;
