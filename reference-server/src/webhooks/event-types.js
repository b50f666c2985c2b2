/**
 * Every event the server delivers, which surface's subscriptions may ask for it, and what its
 * `data` holds (the payload is always `{id, type, created_at, organization_id, data}`).
 * docs/webhooks.md renders this list; keep the two in step.
 */
export const WEBHOOK_SURFACES = ['automation', 'assessment'];
export const EVENT_TYPES = [
    {
        type: 'submission.queued',
        surfaces: ['automation'],
        description: 'A submission was accepted and queued for scoring. data: the submission (status queued).',
    },
    {
        type: 'submission.completed',
        surfaces: ['automation'],
        description: 'A submission was scored against its profile, assessment included. data: the submission with score, founders and report. Sent again when a later attachment or assessment re-scores it.',
    },
    {
        type: 'submission.awaiting_assessment',
        surfaces: ['automation'],
        description: 'A submission was scored on everything but the assessment, which its person has not taken yet; it is re-scored (and submission.completed sent) when their result arrives. data: the submission with its partial score.',
    },
    {
        type: 'submission.failed',
        surfaces: ['automation'],
        description: 'A submission could not be scored (e.g. a field its profile requires is missing). data: the submission with error.',
    },
    {
        type: 'resource.attached',
        surfaces: ['automation'],
        description: 'A file or link was attached to a submission. data: the resource.',
    },
    {
        type: 'transcript.attached',
        surfaces: ['automation'],
        description: 'A transcript was attached to a submission. data: the transcript without its full text (text_preview, word_count).',
    },
    {
        type: 'assessment.completed',
        surfaces: ['automation', 'assessment'],
        description: 'A person of the organisation completed the assessment (first result for their email). data: the result summary.',
    },
    {
        type: 'assessment.replaced',
        surfaces: ['assessment'],
        description: 'A later submit replaced the stored result for an email. data: the result summary with previous_revision.',
    },
];
export function eventTypesFor(surface) {
    return EVENT_TYPES.filter((info) => info.surfaces.includes(surface)).map((info) => info.type);
}
export function isEventType(value) {
    return EVENT_TYPES.some((info) => info.type === value);
}
//# sourceMappingURL=event-types.js.map