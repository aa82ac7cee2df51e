// A participant's plays of a clip in a study with a play limit, kept by the collection server
// (features/participate asks it as each play starts): what the listening screen needs of it.

/** The server's answer to "may this play start?": yes with what is left, or why not. */
export type PlayAnswer =
  | { ok: true; left: number }
  | { ok: false; reason: "spent" | "finished" | "offline" }
  | { ok: false; reason: "refused"; message: string };

/** The plays of one clip: those the server counted (in any browser), and asking for one more. */
export interface ClipPlays {
  used: number;
  request(): Promise<PlayAnswer>;
}

/** The plays of every clip of a participant, by local clip id. */
export interface ParticipantPlays {
  used: ReadonlyMap<string, number>;
  request(clipId: string): Promise<PlayAnswer>;
}
