import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { principalOf, sendError, sendInvalidFields, pageBody } from '../http/index.js';
import type { AppContext } from '../context.js';
import {
  applyMapping,
  attachResource,
  attachTranscript,
  getFieldMapping,
  getResource,
  getTranscript,
  InvalidCursorError,
  listAttachments,
  MAX_ATTACHMENTS,
  readResourceFile,
  resourcesOf,
  resourceView,
  transcriptsOf,
  transcriptView,
  type ResourceRecord,
  type TranscriptRecord,
} from '../submissions/index.js';
import { cursorOr400, parseOr400, staleCursor } from './automation-errors.js';
import { submissionOr4xx } from './submission-ref.js';
import { attachmentListSchema, resourceBodySchema, transcriptBodySchema } from './request-schemas.js';

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Multipart text fields arrive as strings: a JSON-looking `segments` is parsed, the rest kept. */
function multipartBody(req: Request): Record<string, unknown> {
  const body = { ...(req.body as Record<string, unknown>) };
  if (typeof body.segments === 'string') {
    try {
      body.segments = JSON.parse(body.segments);
    } catch {
      // left as the string: the schema names segments as invalid
    }
  }
  return body;
}

async function bodyOf(ctx: AppContext, req: Request, target: 'resource' | 'transcript'): Promise<Record<string, unknown>> {
  const raw = req.is('multipart/form-data') ? multipartBody(req) : req.body;
  const object = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return applyMapping(await getFieldMapping(ctx, principalOf(req).orgId), target, object);
}

const fullOrGone = (res: Response, reason: 'gone' | 'full', kind: string) =>
  reason === 'full'
    ? sendError(res, 409, `The submission already holds ${MAX_ATTACHMENTS} ${kind}, the most it may.`)
    : sendError(res, 404, 'The submission no longer exists.');

/** Multer's own refusals (size, unexpected part) go on to the upload error handler; anything else it rejects is not well-formed multipart: the client's mistake, a 400. */
function uploadParser(ctx: AppContext): RequestHandler {
  const maxBytes = ctx.config.automationMaxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1_100_000, parts: 21 } }).single('file');
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (!error || error instanceof multer.MulterError) next(error);
      else sendError(res, 400, `The multipart body is malformed: ${error instanceof Error ? error.message : 'unreadable'}.`, { fields: [{ field: 'body', message: 'is not well-formed multipart/form-data' }] });
    });
}

const createResource = (ctx: AppContext): RequestHandler => async (req, res) => {
  const body = parseOr400(res, resourceBodySchema, await bodyOf(ctx, req, 'resource'), 'body');
  if (!body) return;
  const file = req.file;
  if ((body.url === undefined) === (file === undefined)) {
    const message = file ? 'give either a url or a file, not both' : 'is required (or upload a file part named "file" as multipart/form-data)';
    sendInvalidFields(res, [{ field: 'url', message }]);
    return;
  }
  const submission = await submissionOr4xx(ctx, req, res, body);
  if (!submission) return;
  const outcome = await attachResource(
    ctx,
    principalOf(req).orgId,
    submission.id,
    file
      ? { kind: 'file', bytes: file.buffer, fileName: file.originalname || 'file', name: body.name, contentType: body.content_type ?? (file.mimetype || undefined) }
      : { kind: 'url', url: body.url as string, name: body.name, contentType: body.content_type },
  );
  if (!outcome.ok) fullOrGone(res, outcome.reason, 'resources');
  else res.status(201).json(resourceView(outcome.record));
};

/** The transcript's text: the body's, or the uploaded file's as UTF-8; undefined once it has answered the 400. */
function transcriptText(res: Response, text: string | undefined, file: Express.Multer.File | undefined): string | undefined {
  if (!file) return text ?? '';
  if (text !== undefined) {
    sendInvalidFields(res, [{ field: 'text', message: 'give either text or a file, not both' }]);
    return undefined;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.buffer);
  } catch {
    sendInvalidFields(res, [{ field: 'file', message: 'must be UTF-8 text (a transcript, not a recording)' }]);
    return undefined;
  }
}

const createTranscript = (ctx: AppContext): RequestHandler => async (req, res) => {
  const body = parseOr400(res, transcriptBodySchema, await bodyOf(ctx, req, 'transcript'), 'body');
  if (!body) return;
  const file = req.file;
  const text = transcriptText(res, body.text, file);
  if (text === undefined) return;
  if (!text.trim() && !body.segments?.length) {
    sendInvalidFields(res, [{ field: 'text', message: 'is required (or segments, or a file part named "file")' }]);
    return;
  }
  const submission = await submissionOr4xx(ctx, req, res, body);
  if (!submission) return;
  const outcome = await attachTranscript(ctx, principalOf(req).orgId, submission.id, {
    text,
    title: body.title ?? (file?.originalname || undefined),
    segments: body.segments?.map((s) => ({ speaker: s.speaker ?? null, text: s.text, start: s.start, end: s.end })),
    language: body.language,
    source: file ? 'file' : 'text',
    fileName: file?.originalname,
  });
  if (!outcome.ok) fullOrGone(res, outcome.reason, 'transcripts');
  else res.status(201).json(transcriptView(outcome.record));
};

/** One submission's attachments of a kind (all of them, newest first), or the organisation's a page at a time. */
const list = (ctx: AppContext, kind: 'resources' | 'transcripts'): RequestHandler => async (req, res) => {
  const query = parseOr400(res, attachmentListSchema, req.query, 'query');
  if (!query) return;
  const { orgId } = principalOf(req);
  const view = (r: ResourceRecord | TranscriptRecord) => (kind === 'resources' ? resourceView(r as ResourceRecord) : transcriptView(r as TranscriptRecord));
  if (query.submission_id !== undefined || query.record_id !== undefined) {
    const submission = await submissionOr4xx(ctx, req, res, query);
    if (!submission) return;
    const records = await (kind === 'resources' ? resourcesOf(ctx, orgId, submission) : transcriptsOf(ctx, orgId, submission));
    res.json({ data: records.reverse().map(view), next_cursor: null });
    return;
  }
  const after = cursorOr400(res, kind, query.cursor);
  if (after === null) return;
  try {
    const page = await listAttachments(ctx, orgId, kind, { limit: query.limit, ...(after ? { after } : {}) });
    res.json(pageBody(kind, page.items.map(view), page.next));
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    staleCursor(res);
  }
};

const showResource = (ctx: AppContext): RequestHandler<{ id: string }> => async (req, res) => {
  const resource = await getResource(ctx, principalOf(req).orgId, req.params.id);
  if (!resource) sendError(res, 404, `No resource ${JSON.stringify(req.params.id)} in this organisation.`);
  else res.json(resourceView(resource));
};

const resourceContent = (ctx: AppContext): RequestHandler<{ id: string }> => async (req, res) => {
  const { orgId } = principalOf(req);
  const resource = await getResource(ctx, orgId, req.params.id);
  if (!resource || resource.kind !== 'file') {
    sendError(res, 404, `No uploaded file for resource ${JSON.stringify(req.params.id)} in this organisation.`);
    return;
  }
  const bytes = await readResourceFile(ctx, orgId, resource);
  res.type(resource.contentType ?? 'application/octet-stream').attachment(resource.name).send(bytes);
};

const showTranscript = (ctx: AppContext): RequestHandler<{ id: string }> => async (req, res) => {
  const transcript = await getTranscript(ctx, principalOf(req).orgId, req.params.id);
  if (!transcript) sendError(res, 404, `No transcript ${JSON.stringify(req.params.id)} in this organisation.`);
  else res.json(transcriptView(transcript));
};

/**
 * `/resources` and `/transcripts`: attach to an existing submission and list.
 *
 *   POST /resources    JSON {submission_id | record_id, url, name?, content_type?}
 *                      or multipart/form-data with the same text fields and a `file` part
 *                      → 201 resource; file over the size limit → 413
 *   GET  /resources    ?submission_id | record_id → that submission's, else the organisation's
 *                      (limit, cursor) → {data, next_cursor}
 *   GET  /resources/:id, /resources/:id/content (the uploaded bytes)
 *   POST /transcripts  JSON {submission_id | record_id, text and/or segments, title?, language?}
 *                      or multipart with a UTF-8 text `file` → 201 transcript
 *   GET  /transcripts  as /resources;  GET /transcripts/:id
 */
export function attachmentRoutes(ctx: AppContext): Router {
  const router = Router();
  const upload = uploadParser(ctx);
  router.post('/resources', upload, createResource(ctx));
  router.post('/transcripts', upload, createTranscript(ctx));
  router.get('/resources', list(ctx, 'resources'));
  router.get('/transcripts', list(ctx, 'transcripts'));
  router.get('/resources/:id', showResource(ctx));
  router.get('/resources/:id/content', resourceContent(ctx));
  router.get('/transcripts/:id', showTranscript(ctx));
  return router;
}
