import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { del, put, type AsyncReader, type Page, type StoredRecord, type WriteOp } from '../store/index.js';
import { eventOps } from '../webhooks/index.js';
import { requeueOps } from './jobs.js';
import { FILES, RESOURCES, SUBMISSIONS, TRANSCRIPTS, type FileRecord, type SubmissionRecord } from './submission-records.js';
import { wordCount } from './profile-scoring.js';

/** Attachments a submission may hold, of each kind. */
export const MAX_ATTACHMENTS = 100;
/**
 * Where uploaded bytes lived before they moved into the store (`<dataDir>/automation-files/<orgId>/<resourceId>`):
 * still read, and removed with their resource, for a folder written by an older server.
 */
export const FILES_DIR = 'automation-files';

/** Of a backup's records, the uploaded files an older server kept beside the store, as paths under the data folder. */
export function legacyUploadPaths(chunks: readonly { collection: string; scope: string; records: readonly StoredRecord[] }[]): string[] {
  return chunks
    .filter((chunk) => chunk.collection === RESOURCES)
    .flatMap((chunk) => (chunk.records as ResourceRecord[]).filter((r) => r.kind === 'file').map((r) => `${FILES_DIR}/${chunk.scope}/${r.id}`));
}

export interface ResourceRecord extends StoredRecord {
  /** `rsc_…` */
  id: string;
  submissionId: string;
  recordId: string;
  kind: 'url' | 'file';
  url: string | null;
  name: string;
  contentType: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  createdAt: string;
}

export const segmentViewSchema = z
  .object({
    speaker: z.string().nullable(),
    text: z.string(),
    start: z.number().min(0).optional().describe('Seconds from the start of the recording.'),
    end: z.number().min(0).optional(),
  })
  .strict();
export type Segment = z.infer<typeof segmentViewSchema>;

export interface TranscriptRecord extends StoredRecord {
  /** `trn_…` */
  id: string;
  submissionId: string;
  recordId: string;
  title: string | null;
  text: string;
  segments: Segment[];
  language: string | null;
  source: 'text' | 'file';
  fileName: string | null;
  createdAt: string;
}

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
export type ResourceView = z.infer<typeof resourceViewSchema>;

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
export type TranscriptView = z.infer<typeof transcriptViewSchema>;

/** What the transcript.attached event carries: a preview instead of the (up to 1 MB) text. */
export const transcriptPreviewSchema = z
  .object({
    ...transcriptHeadShape,
    text_preview: z.string().max(280).describe('The first 280 characters of the text.'),
    segment_count: z.int().min(0),
    ...transcriptTailShape,
  })
  .strict();
export type TranscriptPreview = z.infer<typeof transcriptPreviewSchema>;

export function resourceView(r: ResourceRecord): ResourceView {
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
const transcriptHead = (t: TranscriptRecord) => ({ id: t.id, submission_id: t.submissionId, record_id: t.recordId, title: t.title });
const transcriptTail = (t: TranscriptRecord) => ({
  word_count: wordCount(t.text),
  language: t.language,
  source: t.source,
  file_name: t.fileName,
  created_at: t.createdAt,
});

export function transcriptView(t: TranscriptRecord): TranscriptView {
  return { ...transcriptHead(t), text: t.text, segments: t.segments, ...transcriptTail(t) };
}

export function transcriptPreview(t: TranscriptRecord): TranscriptPreview {
  return { ...transcriptHead(t), text_preview: t.text.slice(0, 280), segment_count: t.segments.length, ...transcriptTail(t) };
}

type Reader = { db: AsyncReader };

export function resourcesOf(ctx: Reader, orgId: string, submission: SubmissionRecord): Promise<ResourceRecord[]> {
  return readEach<ResourceRecord>(ctx, RESOURCES, orgId, submission.resourceIds);
}

export function transcriptsOf(ctx: Reader, orgId: string, submission: SubmissionRecord): Promise<TranscriptRecord[]> {
  return readEach<TranscriptRecord>(ctx, TRANSCRIPTS, orgId, submission.transcriptIds);
}

/** The records of `ids` that exist, in order, asked for together (in a transaction on PostgreSQL: one round trip). */
async function readEach<T extends StoredRecord>(ctx: Reader, collection: string, orgId: string, ids: readonly string[]): Promise<T[]> {
  const records: Array<T | undefined> = await Promise.all(ids.map((id) => ctx.db.get<T>(collection, orgId, id)));
  return records.filter((record): record is T => record !== undefined);
}

export function getResource(ctx: Reader, orgId: string, id: string): Promise<ResourceRecord | undefined> {
  return ctx.db.get<ResourceRecord>(RESOURCES, orgId, id);
}

export function getTranscript(ctx: Reader, orgId: string, id: string): Promise<TranscriptRecord | undefined> {
  return ctx.db.get<TranscriptRecord>(TRANSCRIPTS, orgId, id);
}

/** A page of the organisation's resources (or transcripts), newest first. */
export function listAttachments<T extends ResourceRecord | TranscriptRecord>(
  ctx: Reader,
  orgId: string,
  kind: 'resources' | 'transcripts',
  query: { limit: number; after?: string },
): Promise<Page<T>> {
  return ctx.db.page<T>(kind === 'resources' ? RESOURCES : TRANSCRIPTS, orgId, { limit: query.limit, ...(query.after ? { after: query.after } : {}) });
}

function legacyPath(ctx: Pick<AppContext, 'config'>, orgId: string, resourceId: string): string {
  return join(ctx.config.dataDir, FILES_DIR, orgId, resourceId);
}

/** Deletes a resource's stored bytes (once the record pointing at them is gone); missing bytes are fine. */
export async function removeResourceFile(ctx: Pick<AppContext, 'db' | 'config'>, orgId: string, resourceId: string): Promise<void> {
  await ctx.db.write([del(FILES, orgId, resourceId)]);
  await rm(legacyPath(ctx, orgId, resourceId), { force: true });
}

/** The uploaded bytes: from the store (any server wrote them), else from the folder an older server wrote them to. */
export async function readResourceFile(ctx: Pick<AppContext, 'db' | 'config'>, orgId: string, resource: ResourceRecord): Promise<Buffer> {
  const file = await ctx.db.get<FileRecord>(FILES, orgId, resource.id);
  return file ? Buffer.from(file.data, 'base64') : readFile(legacyPath(ctx, orgId, resource.id));
}

export type AttachOutcome<T> = { ok: true; record: T } | { ok: false; reason: 'gone' | 'full' };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'ids' | 'events'>;

/**
 * The record (and an uploaded file's bytes), the submission (with the new id and a bumped input
 * revision), a processing job (an attachment changes the score) and the `*.attached` event, in one
 * transaction: the submission is read for update, so concurrent attachments each add their id.
 */
async function attach<T extends ResourceRecord | TranscriptRecord>(
  ctx: Ctx,
  orgId: string,
  submissionId: string,
  kind: 'resources' | 'transcripts',
  build: (submission: SubmissionRecord) => T,
  eventData: (record: T) => Record<string, unknown>,
  alsoOps: WriteOp[] = [],
): Promise<AttachOutcome<T>> {
  return ctx.db.transaction(async (tx) => {
    const submission = await tx.get<SubmissionRecord>(SUBMISSIONS, orgId, submissionId, { forUpdate: true });
    if (!submission) return { ok: false, reason: 'gone' };
    const ids = kind === 'resources' ? submission.resourceIds : submission.transcriptIds;
    if (ids.length >= MAX_ATTACHMENTS) return { ok: false, reason: 'full' };
    const record = build(submission);
    const updated: SubmissionRecord = {
      ...submission,
      ...(kind === 'resources' ? { resourceIds: [...ids, record.id] } : { transcriptIds: [...ids, record.id] }),
      inputRevision: submission.inputRevision + 1,
      updatedAt: record.createdAt,
    };
    const ops: WriteOp[] = [
      ...alsoOps,
      put(kind === 'resources' ? RESOURCES : TRANSCRIPTS, orgId, record),
      put(SUBMISSIONS, orgId, updated),
      ...requeueOps(ctx, orgId, updated),
      ...(await eventOps(ctx, tx, orgId, kind === 'resources' ? 'resource.attached' : 'transcript.attached', eventData(record))),
    ];
    await tx.write(ops);
    return { ok: true, record };
  });
}

export type ResourceInput =
  | { kind: 'url'; url: string; name?: string | undefined; contentType?: string | undefined }
  | { kind: 'file'; bytes: Buffer; fileName: string; name?: string | undefined; contentType?: string | undefined };

export async function attachResource(ctx: Ctx, orgId: string, submissionId: string, input: ResourceInput): Promise<AttachOutcome<ResourceRecord>> {
  const id = ctx.ids.next('rsc');
  // Encoded and hashed before the transaction, which should hold its lock no longer than it must.
  const file: WriteOp[] = input.kind === 'file' ? [put<FileRecord>(FILES, orgId, { id, data: input.bytes.toString('base64') })] : [];
  const sha256 = input.kind === 'file' ? createHash('sha256').update(input.bytes).digest('hex') : null;
  const now = new Date(ctx.clock.now()).toISOString();
  return attach<ResourceRecord>(
    ctx,
    orgId,
    submissionId,
    'resources',
    (submission) => ({
      id,
      submissionId: submission.id,
      recordId: submission.recordId,
      kind: input.kind,
      url: input.kind === 'url' ? input.url : null,
      name: input.name ?? (input.kind === 'file' ? input.fileName : (new URL(input.url).pathname.split('/').filter(Boolean).pop() ?? input.url)),
      contentType: input.contentType ?? null,
      sizeBytes: input.kind === 'file' ? input.bytes.length : null,
      sha256,
      createdAt: now,
    }),
    (record) => resourceView(record),
    file,
  );
}

export interface TranscriptInput {
  text: string;
  title?: string | undefined;
  segments?: Segment[] | undefined;
  language?: string | undefined;
  source: 'text' | 'file';
  fileName?: string | undefined;
}

export async function attachTranscript(ctx: Ctx, orgId: string, submissionId: string, input: TranscriptInput): Promise<AttachOutcome<TranscriptRecord>> {
  const now = new Date(ctx.clock.now()).toISOString();
  const segments = input.segments ?? [];
  const text = input.text || segments.map((s) => (s.speaker ? `${s.speaker}: ${s.text}` : s.text)).join('\n');
  return attach<TranscriptRecord>(
    ctx,
    orgId,
    submissionId,
    'transcripts',
    (submission) => ({
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
    }),
    (record) => transcriptPreview(record),
  );
}
