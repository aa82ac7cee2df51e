// "Audio from other sites": the other origins this study's clips fetch audio from (clips
// imported with an absolute `uri` and no stored audio). Nothing is fetched from an origin
// until the researcher allows it here (domain/clips/clipSource.ts); the choice stays in this browser.
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { type ClipRecord, type StudyRecord, setAudioOriginAllowed } from "../../db/repo.ts";
import { foreignOrigin, foreignOrigins } from "../../domain/clips/clipSource.ts";
import { errorMessage } from "../../domain/util/errorText.ts";

export function AudioOrigins({
  study,
  clips,
}: {
  study: StudyRecord;
  clips: readonly ClipRecord[];
}) {
  const [error, setError] = useState<string | null>(null);
  const origins = foreignOrigins(clips, location.origin);
  if (origins.length === 0) return null;
  const allowed = new Set(study.allowedAudioOrigins ?? []);

  const set = async (origin: string, on: boolean) => {
    setError(null);
    try {
      await setAudioOriginAllowed(study.id, origin, on);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Card
      title="Audio from other sites"
      description="Some clips have no stored audio and name an address on another site. Annotators' browsers fetch it only from the sites you allow here (this choice stays in this browser and is not exported)."
    >
      <ul aria-label="Audio sites" className="divide-y divide-slate-100 text-sm">
        {origins.map((origin) => {
          const count = clips.filter(
            (c) => c.uri !== undefined && foreignOrigin(c.uri, location.origin) === origin,
          ).length;
          const on = allowed.has(origin);
          return (
            <li key={origin} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-mono break-all">{origin}</span>{" "}
                <span className="text-slate-500">
                  ({count === 1 ? "1 clip" : `${count} clips`}) · {on ? "allowed" : "not allowed"}
                </span>
              </span>
              <Button
                size="sm"
                onClick={() => void set(origin, !on)}
                aria-label={`${on ? "Stop allowing" : "Allow"} audio from ${origin}`}
              >
                {on ? "Stop allowing" : "Allow"}
              </Button>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </Card>
  );
}
