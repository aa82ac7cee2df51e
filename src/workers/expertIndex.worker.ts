// The expert screen's index worker: reads the navigation index (expertIndex.ts) off the main
// thread and posts it back in columns.
import {
  answerExpertIndex,
  type ExpertIndexRequest,
  type ExpertIndexResponse,
} from "./expertIndex.ts";

// The project compiles against the DOM lib; this is the part of the worker scope used here.
interface WorkerScope {
  onmessage: ((event: MessageEvent<ExpertIndexRequest>) => void) | null;
  postMessage(message: ExpertIndexResponse, transfer: ArrayBuffer[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  void answerExpertIndex(event.data, (message, transfer) => scope.postMessage(message, transfer));
};
