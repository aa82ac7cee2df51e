// The pitch worker: F0 and energy of one clip's samples (src/domain/acoustics/features.ts),
// posted back as transferred typed arrays.
import { computeFeatures } from "../domain/acoustics/features.ts";
import { errorMessage } from "../domain/util/errorText.ts";
import type { FeaturesRequest, FeaturesResponse } from "./features.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<FeaturesRequest>) => void) | null;
  postMessage(message: FeaturesResponse, transfer: ArrayBuffer[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, samples, sampleRate } = event.data;
  try {
    const { hop, f0, energyDb } = computeFeatures(samples, sampleRate);
    scope.postMessage({ id, type: "done", hop, f0, energyDb }, [
      f0.buffer as ArrayBuffer,
      energyDb.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    scope.postMessage({ id, type: "error", message: errorMessage(error) }, []);
  }
};
