// The collection card's connection to a server: the address (remembered in this browser) and
// the researcher's token (only for this tab's session), and an error in words.
import { normalizeServer } from "../../lib/collectionApi.ts";

const SERVER_KEY = "redpen.collection.server";
const TOKEN_KEY = "redpen.collection.token";

/** The server and token to call with; throws a sentence when the token is missing. */
export type Connection = () => { server: string; token: string };

function stored(storage: () => Storage, key: string): string {
  try {
    return storage().getItem(key) ?? "";
  } catch {
    return "";
  }
}
function store(storage: () => Storage, key: string, value: string) {
  try {
    storage().setItem(key, value);
  } catch {
    // Not remembered: typed again next time.
  }
}

export const storedServer = () => stored(() => localStorage, SERVER_KEY);
export const storedToken = () => stored(() => sessionStorage, TOKEN_KEY);

/** The connection of the fields as typed, remembered once it is used. */
export function connectionOf(server: string, token: string): { server: string; token: string } {
  const url = normalizeServer(server);
  if (token.trim() === "")
    throw new Error("Enter the researcher token the server printed when it first started.");
  store(() => localStorage, SERVER_KEY, url);
  store(() => sessionStorage, TOKEN_KEY, token.trim());
  return { server: url, token: token.trim() };
}
