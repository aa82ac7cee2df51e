// The crowd screen's keys, from its action table (keys.ts), on the window while `enabled`.
import { useKeyActions } from "../../lib/keyActions.ts";
import { CROWD_ACTIONS, type ShortcutHandlers } from "./keys.ts";

export type { ShortcutHandlers } from "./keys.ts";

export function useShortcuts(enabled: boolean, handlers: ShortcutHandlers): void {
  useKeyActions(CROWD_ACTIONS, handlers, enabled);
}
