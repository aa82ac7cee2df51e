// A live study's settings as the server keeps them (docs/server.md, "A live study's settings"):
// a publish sends a change to them, never a whole set that would wipe what it leaves out. One
// home for both sides: the clients make the change (settingsUpdate), the server applies it
// (mergeSettings).
import { type CollectionSettings, DEFAULT_SETTINGS, type SettingsUpdate } from "./protocol.ts";

/**
 * The change that turns `before` (what is published; null: nothing yet) into `after`: each
 * setting whose value differs, and `null` for each one `after` no longer has.
 */
export function settingsUpdate(
  before: CollectionSettings | null,
  after: CollectionSettings,
): SettingsUpdate {
  const update: Record<string, unknown> = {};
  const was = (before ?? {}) as Record<string, unknown>;
  const now = after as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(now)) {
    if (value !== undefined && value !== was[key]) update[key] = value;
  }
  for (const [key, value] of Object.entries(was)) {
    if (value !== undefined && now[key] === undefined) update[key] = null;
  }
  return update as SettingsUpdate;
}

/**
 * The settings after `update`: `before` (a new study: the defaults) with each given key set,
 * each `null` one taken away, and every other kept.
 */
export function mergeSettings(
  before: CollectionSettings | null,
  update: SettingsUpdate | undefined,
): CollectionSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...before };
  for (const [key, value] of Object.entries(update ?? {})) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged as unknown as CollectionSettings;
}
