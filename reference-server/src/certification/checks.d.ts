/**
 * The checks of an integration certification: stable ids (a partner's baseline file and CI
 * name them), their level and the clause each one rests on. docs/certification.md explains each
 * one; a test holds the two to the same list.
 */
export declare const CHECK_GROUPS: readonly ["webhook", "api", "oauth"];
export type CheckGroup = (typeof CHECK_GROUPS)[number];
export type CheckLevel = 'MUST' | 'SHOULD';
export interface CheckInfo {
    id: string;
    group: CheckGroup;
    level: CheckLevel;
    clause: string;
    /** What passing means, in one sentence. */
    title: string;
}
export declare const CHECKS: readonly [CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo, CheckInfo];
export type CheckId = (typeof CHECKS)[number]['id'];
export declare const CHECK_IDS: CheckId[];
export declare function checkInfo(id: CheckId): CheckInfo;
export declare const isCheckId: (value: string) => value is CheckId;
/** `webhook,api.paginates` → the check ids named, whole groups expanded; unknown names are an error. */
export declare function selectChecks(names: readonly string[] | undefined): CheckId[];
