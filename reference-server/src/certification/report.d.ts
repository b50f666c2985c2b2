import { type CheckLevel } from './checks.js';
import type { Evidence, Outcome, RunRecord } from './records.js';
/** The report of a run, as `certify status --json`, the workspace and the report files give it. */
export interface Report {
    run: {
        id: string;
        status: RunRecord['status'];
        started_at: string;
        finished_at: string | null;
        started_by: string;
        integration: {
            name: string;
            webhook_url: string | null;
            redirect_uris: string[];
        };
    };
    checks: Array<{
        id: string;
        level: CheckLevel;
        outcome: Outcome;
        clause: string;
        title: string;
        summary: string;
        evidence: Evidence[];
    }>;
    summary: {
        passed: number;
        failed: number;
        warned: number;
        not_run: number;
        pending: number;
    };
}
export declare function reportOf(run: RunRecord): Report;
/** `12 passed, 1 failed, 2 warned, 0 not run`: the line a CI log and a closing note quote. */
export declare const summaryLine: (report: Report) => string;
