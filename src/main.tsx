import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Router } from "wouter";
import { App } from "./app/App.tsx";
import { connectDatabaseToUi } from "./app/connect.ts";
import { watchForNewerVersion } from "./db/versionChange.ts";
import { APP_BASE } from "./lib/routes.ts";
import "./index.css";

connectDatabaseToUi();
watchForNewerVersion();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <Router base={APP_BASE}>
      <App />
    </Router>
  </StrictMode>,
);
