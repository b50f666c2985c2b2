import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { put } from '../store/store.js';
import { eventOps, eventsCommitted } from '../webhooks/index.js';
import { requeueOps } from './jobs.js';
import { RESOURCES, SUBMISSIONS, TRANSCRIPTS } from './records.js';
import { wordCount } from './scoring.js';
/** Attachments a submission may hold, of each kind. */
export const MAX_ATTACHMENTS = 100;
/** Where uploaded file bytes live, under the data folder: `<dataDir>/automation-files/<orgId>/<resourceId>`. */
export const FILES_DIR = 'automation-files';
export const segmentViewSchema = z
    .object({
    speaker: z.string().nullable(),
    text: z.string(),
    start: z.number().min(0).optional().describe('Seconds from the start of the recording.'),
    end: z.number().min(0).optional(),
})
    .strict();
/*
 * Resources and transcripts as the Automation API and the *.attached events show them; the view
 * functions are typed by these schemas and the contract document is generated from them.
 */
export const resourceViewSchema = z
    .object({
    id: z.string().describe('`rsc_…`'),
    submission_id: z.string(),
    record_id: z.string(),
    kind: z.enum(['url', 'file']),
    url: z.string().nullable().describe('The link, for kind url (recorded, never fetched).'),
    name: z.string(),
    content_type: z.string().nullable(),
    size_bytes: z.int().min(0).nullable().describe('For kind file.'),
    sha256: z.string().nullable().describe('Hex SHA-256 of the uploaded bytes, for kind file.'),
    created_at: z.iso.datetime(),
})
    .strict();
const transcriptHeadShape = {
    id: z.string().describe('`trn_…`'),
    submission_id: z.string(),
    record_id: z.string(),
    title: z.string().nullable(),
};
const transcriptTailShape = {
    word_count: z.int().min(0),
    language: z.string().nullable(),
    source: z.enum(['text', 'file']),
    file_name: z.string().nullable(),
    created_at: z.iso.datetime(),
};
export const transcriptViewSchema = z
    .object({
    ...transcriptHeadShape,
    text: z.string().describe('Without a text sent, built from the segments as `Speaker: text` lines.'),
    segments: z.array(segmentViewSchema),
    ...transcriptTailShape,
})
    .strict();
/** What the transcript.attached event carries: a preview instead of the (up to 1 MB) text. */
export const transcriptPreviewSchema = z
    .object({
    ...transcriptHeadShape,
    text_preview: z.string().max(280).describe('The first 280 characters of the text.'),
    segment_count: z.int().min(0),
    ...transcriptTailShape,
})
    .strict();
export function resourceView(r) {
    return {
        id: r.id,
        submission_id: r.submissionId,
        record_id: r.recordId,
        kind: r.kind,
        url: r.url,
        name: r.name,
        content_type: r.contentType,
        size_bytes: r.sizeBytes,
        sha256: r.sha256,
        created_at: r.createdAt,
    };
}
/** A transcript's answer reads who, what, then the text, then the rest: the body sits after the title. */
const transcriptHead = (t) => ({ id: t.id, submission_id: t.submissionId, record_id: t.recordId, title: t.title });
const transcriptTail = (t) => ({
    word_count: wordCount(t.text),
    language: t.language,
    source: t.source,
    file_name: t.fileName,
    created_at: t.createdAt,
});
export function transcriptView(t) {
    return { ...transcriptHead(t), text: t.text, segments: t.segments, ...transcriptTail(t) };
}
export function transcriptPreview(t) {
    return { ...transcriptHead(t), text_preview: t.text.slice(0, 280), segment_count: t.segments.length, ...transcriptTail(t) };
}
export function resourcesOf(ctx, orgId, submission) {
    return submission.resourceIds.flatMap((id) => ctx.store.get(RESOURCES, orgId, id) ?? []);
}
export function transcriptsOf(ctx, orgId, submission) {
    return submission.transcriptIds.flatMap((id) => ctx.store.get(TRANSCRIPTS, orgId, id) ?? []);
}
export function getResource(ctx, orgId, id) {
    return ctx.store.get(RESOURCES, orgId, id);
}
export function getTranscript(ctx, orgId, id) {
    return ctx.store.get(TRANSCRIPTS, orgId, id);
}
/** A page of the organisation's resources (or transcripts), newest first. */
export function listAttachments(ctx, orgId, kind, query) {
    return ctx.store.page(kind === 'resources' ? RESOURCES : TRANSCRIPTS, orgId, { limit: query.limit, ...(query.after ? { after: query.after } : {}) });
}
function filePath(ctx, orgId, resourceId) {
    return join(ctx.config.dataDir, FILES_DIR, orgId, resourceId);
}
/** Deletes a resource's stored bytes (after the record pointing at them is gone); a missing file is fine. */
export async function removeResourceFile(ctx, orgId, resourceId) {
    await rm(filePath(ctx, orgId, resourceId), { force: true });
}
/** Writes and fsyncs the bytes before the record that points at them is written (durable before ack). */
async function storeFile(ctx, orgId, resourceId, bytes) {
    const path = filePath(ctx, orgId, resourceId);
    await mkdir(join(ctx.config.dataDir, FILES_DIR, orgId), { recursive: true });
    const handle = await open(path, 'wx', 0o600);
    try {
        await handle.writeFile(bytes);
        await handle.sync();
    }
    finally {
        await handle.close();
    }
}
export function readResourceFile(ctx, orgId, resource) {
    return readFile(filePath(ctx, orgId, resource.id));
}
/**
 * The record, the submission (with the new id and a bumped input revision), a processing job
 * (an attachment changes the score) and the `*.attached` event, in one write.
 */
async function attach(ctx, orgId, submissionId, kind, build, eventData) {
    const submission = ctx.store.get(SUBMISSIONS, orgId, submissionId);
    if (!submission)
        return { ok: false, reason: 'gone' };
    const ids = kind === 'resources' ? submission.resourceIds : submission.transcriptIds;
    if (ids.length >= MAX_ATTACHMENTS)
        return { ok: false, reason: 'full' };
    const record = build(submission);
    const updated = {
        ...submission,
        ...(kind === 'resources' ? { resourceIds: [...ids, record.id] } : { transcriptIds: [...ids, record.id] }),
        inputRevision: submission.inputRevision + 1,
        updatedAt: record.createdAt,
    };
    const ops = [
        put(kind === 'resources' ? RESOURCES : TRANSCRIPTS, orgId, record),
        put(SUBMISSIONS, orgId, updated),
        ...requeueOps(ctx, orgId, updated),
        ...eventOps(ctx, orgId, kind === 'resources' ? 'resource.attached' : 'transcript.attached', eventData(record)),
    ];
    await ctx.store.write(ops);
    eventsCommitted(ctx, ops);
    return { ok: true, record };
}
export async function attachResource(ctx, orgId, submissionId, input) {
    const id = ctx.ids.next('rsc');
    if (input.kind === 'file')
        await storeFile(ctx, orgId, id, input.bytes);
    const now = new Date(ctx.clock.now()).toISOString();
    return attach(ctx, orgId, submissionId, 'resources', (submission) => ({
        id,
        submissionId: submission.id,
        recordId: submission.recordId,
        kind: input.kind,
        url: input.kind === 'url' ? input.url : null,
        name: input.name ?? (input.kind === 'file' ? input.fileName : (new URL(input.url).pathname.split('/').filter(Boolean).pop() ?? input.url)),
        contentType: input.contentType ?? null,
        sizeBytes: input.kind === 'file' ? input.bytes.length : null,
        sha256: input.kind === 'file' ? createHash('sha256').update(input.bytes).digest('hex') : null,
        createdAt: now,
    }), (record) => resourceView(record));
}
export async function attachTranscript(ctx, orgId, submissionId, input) {
    const now = new Date(ctx.clock.now()).toISOString();
    const segments = input.segments ?? [];
    const text = input.text || segments.map((s) => (s.speaker ? `${s.speaker}: ${s.text}` : s.text)).join('\n');
    return attach(ctx, orgId, submissionId, 'transcripts', (submission) => ({
        id: ctx.ids.next('trn'),
        submissionId: submission.id,
        recordId: submission.recordId,
        title: input.title ?? null,
        text,
        segments,
        language: input.language ?? null,
        source: input.source,
        fileName: input.fileName ?? null,
        createdAt: now,
    }), (record) => transcriptPreview(record));
}
//# sourceMappingURL=attachments.js.map