// Shared setup for the unit project: DOM matchers for component tests (jsdom files opt in
// with `// @vitest-environment jsdom`), a fresh fake IndexedDB per test file, and the database
// layer's messages connected to the notices store as the app does at start-up.
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { connectDatabaseToUi } from "../../src/app/connect.ts";

connectDatabaseToUi();
