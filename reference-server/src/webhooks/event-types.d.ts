/**
 * Every event the server delivers, which surface's subscriptions may ask for it, and what its
 * `data` holds (the payload is always `{id, type, created_at, organization_id, data}`).
 * docs/webhooks.md renders this list; keep the two in step.
 */
export declare const WEBHOOK_SURFACES: readonly ["automation", "assessment"];
export type WebhookSurface = (typeof WEBHOOK_SURFACES)[number];
export interface EventTypeInfo {
    type: string;
    surfaces: readonly WebhookSurface[];
    description: string;
}
export declare const EVENT_TYPES: readonly [{
    readonly type: "submission.queued";
    readonly surfaces: readonly ["automation"];
    readonly description: "A submission was accepted and queued for scoring. data: the submission (status queued).";
}, {
    readonly type: "submission.completed";
    readonly surfaces: readonly ["automation"];
    readonly description: "A submission was scored against its profile, assessment included. data: the submission with score, founders and report. Sent again when a later attachment or assessment re-scores it.";
}, {
    readonly type: "submission.awaiting_assessment";
    readonly surfaces: readonly ["automation"];
    readonly description: "A submission was scored on everything but the assessment, which its person has not taken yet; it is re-scored (and submission.completed sent) when their result arrives. data: the submission with its partial score.";
}, {
    readonly type: "submission.failed";
    readonly surfaces: readonly ["automation"];
    readonly description: "A submission could not be scored (e.g. a field its profile requires is missing). data: the submission with error.";
}, {
    readonly type: "resource.attached";
    readonly surfaces: readonly ["automation"];
    readonly description: "A file or link was attached to a submission. data: the resource.";
}, {
    readonly type: "transcript.attached";
    readonly surfaces: readonly ["automation"];
    readonly description: "A transcript was attached to a submission. data: the transcript without its full text (text_preview, word_count).";
}, {
    readonly type: "assessment.completed";
    readonly surfaces: readonly ["automation", "assessment"];
    readonly description: "A person of the organisation completed the assessment (first result for their email). data: the result summary.";
}, {
    readonly type: "assessment.replaced";
    readonly surfaces: readonly ["assessment"];
    readonly description: "A later submit replaced the stored result for an email. data: the result summary with previous_revision.";
}];
export type EventType = (typeof EVENT_TYPES)[number]['type'];
export declare function eventTypesFor(surface: WebhookSurface): EventType[];
export declare function isEventType(value: string): value is EventType;
