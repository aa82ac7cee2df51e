// Shared setup for the unit project: DOM matchers for component tests (jsdom files opt in
// with `// @vitest-environment jsdom`), and a fresh fake IndexedDB per test file.
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
