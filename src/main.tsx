import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { connectDatabaseToUi } from "./app/connect.ts";
import { watchForNewerVersion } from "./db/versionChange.ts";
import "./index.css";

connectDatabaseToUi();
watchForNewerVersion();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
