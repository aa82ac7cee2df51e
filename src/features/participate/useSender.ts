// A Sender (sender.ts) for the life of a screen: made for `key`, sending at once, again when the
// browser is back online, disposed when the screen goes. Returns it and its status.
import { useEffect, useState } from "react";
import type { OutboxStatus, Sender } from "./sender.ts";

export function useSender<T extends Sender>(
  key: string,
  create: (key: string) => T,
): { sender: T | null; status: OutboxStatus } {
  const [sender, setSender] = useState<T | null>(null);
  const [status, setStatus] = useState<OutboxStatus>({ kind: "idle", waiting: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one sender per key; `create` is a factory
  useEffect(() => {
    const box = create(key);
    setSender(box);
    const off = box.subscribe(setStatus);
    const online = () => box.kick();
    window.addEventListener("online", online);
    box.kick();
    return () => {
      off();
      window.removeEventListener("online", online);
      box.dispose();
    };
  }, [key]);
  return { sender, status };
}
