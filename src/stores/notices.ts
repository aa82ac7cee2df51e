// App-wide notices: write errors from the database layer and short informational notes.
// The app shell renders them in an aria-live region (src/components/Notices.tsx).
import { create } from "zustand";
import type { MessageId } from "../domain/i18n/catalogue.ts";

export type NoticeKind = "error" | "info";

/** What a notice says as a catalogue message, for a page shown in another language. */
export interface NoticeSaid {
  id: MessageId;
  values?: Record<string, string>;
}

export interface Notice {
  id: number;
  kind: NoticeKind;
  /** The English text (the researcher's pages, and the fallback). */
  message: string;
  /** The same as a message id, when it has one: a participant's page shows it in its language. */
  said?: NoticeSaid;
}

interface NoticesState {
  notices: Notice[];
  /**
   * Shows a notice; returns its id. An identical message that is already showing is not
   * repeated (a failing autosave would otherwise stack the same error many times).
   */
  push: (kind: NoticeKind, message: string, said?: NoticeSaid) => number;
  /** Removes the notice with this id (no-op when it is gone already). */
  dismiss: (id: number) => void;
  /** Removes every notice. */
  clear: () => void;
}

let nextId = 1;

export const useNotices = create<NoticesState>()((set, get) => ({
  notices: [],
  push: (kind, message, said) => {
    const same = get().notices.find((n) => n.kind === kind && n.message === message);
    if (same) return same.id;
    const id = nextId++;
    set((s) => ({ notices: [...s.notices, { id, kind, message, ...(said ? { said } : {}) }] }));
    return id;
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  clear: () => set({ notices: [] }),
}));

/** Shorthand for code outside React: `notify("error", "…")`. */
export function notify(kind: NoticeKind, message: string, said?: NoticeSaid): number {
  return useNotices.getState().push(kind, message, said);
}
