// Each task's part of the protocol report, keyed by task: the words the shared blocks use for
// it and its own blocks. A new task adds its file beside these and a row here.
import type { StudyTask } from "../interchange/types.ts";
import type { Report } from "../stats/report.ts";
import type { Block, TaskTerms } from "./blocks.ts";
import { COMPARE_REPORT_TERMS, compareReportBlocks } from "./compareReport.ts";
import type { ProtocolFacts } from "./facts.ts";
import { MARK_REPORT_TERMS, markReportBlocks } from "./markReport.ts";
import { RATE_REPORT_TERMS, rateReportBlocks } from "./rateReport.ts";
import { TRANSCRIBE_REPORT_TERMS, transcribeReportBlocks } from "./transcribeReport.ts";

export interface TaskReport {
  terms: TaskTerms;
  blocks(facts: ProtocolFacts, report: Report): Block[];
}

export const TASK_REPORTS: Record<StudyTask, TaskReport> = {
  mark: { terms: MARK_REPORT_TERMS, blocks: markReportBlocks },
  rate: { terms: RATE_REPORT_TERMS, blocks: rateReportBlocks },
  transcribe: { terms: TRANSCRIBE_REPORT_TERMS, blocks: transcribeReportBlocks },
  compare: { terms: COMPARE_REPORT_TERMS, blocks: compareReportBlocks },
};
