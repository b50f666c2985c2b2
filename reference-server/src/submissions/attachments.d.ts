import { z } from 'zod';
import type { AppContext } from '../context.js';
import { type Page, type StoredRecord } from '../store/store.js';
import { type SubmissionRecord } from './records.js';
/** Attachments a submission may hold, of each kind. */
export declare const MAX_ATTACHMENTS = 100;
/** Where uploaded file bytes live, under the data folder: `<dataDir>/automation-files/<orgId>/<resourceId>`. */
export declare const FILES_DIR = "automation-files";
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
export declare const segmentViewSchema: z.ZodObject<{
    speaker: z.ZodNullable<z.ZodString>;
    text: z.ZodString;
    start: z.ZodOptional<z.ZodNumber>;
    end: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
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
export declare const resourceViewSchema: z.ZodObject<{
    id: z.ZodString;
    submission_id: z.ZodString;
    record_id: z.ZodString;
    kind: z.ZodEnum<{
        file: "file";
        url: "url";
    }>;
    url: z.ZodNullable<z.ZodString>;
    name: z.ZodString;
    content_type: z.ZodNullable<z.ZodString>;
    size_bytes: z.ZodNullable<z.ZodInt>;
    sha256: z.ZodNullable<z.ZodString>;
    created_at: z.ZodISODateTime;
}, z.core.$strict>;
export type ResourceView = z.infer<typeof resourceViewSchema>;
export declare const transcriptViewSchema: z.ZodObject<{
    word_count: z.ZodInt;
    language: z.ZodNullable<z.ZodString>;
    source: z.ZodEnum<{
        file: "file";
        text: "text";
    }>;
    file_name: z.ZodNullable<z.ZodString>;
    created_at: z.ZodISODateTime;
    text: z.ZodString;
    segments: z.ZodArray<z.ZodObject<{
        speaker: z.ZodNullable<z.ZodString>;
        text: z.ZodString;
        start: z.ZodOptional<z.ZodNumber>;
        end: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    id: z.ZodString;
    submission_id: z.ZodString;
    record_id: z.ZodString;
    title: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export type TranscriptView = z.infer<typeof transcriptViewSchema>;
/** What the transcript.attached event carries: a preview instead of the (up to 1 MB) text. */
export declare const transcriptPreviewSchema: z.ZodObject<{
    word_count: z.ZodInt;
    language: z.ZodNullable<z.ZodString>;
    source: z.ZodEnum<{
        file: "file";
        text: "text";
    }>;
    file_name: z.ZodNullable<z.ZodString>;
    created_at: z.ZodISODateTime;
    text_preview: z.ZodString;
    segment_count: z.ZodInt;
    id: z.ZodString;
    submission_id: z.ZodString;
    record_id: z.ZodString;
    title: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export type TranscriptPreview = z.infer<typeof transcriptPreviewSchema>;
export declare function resourceView(r: ResourceRecord): ResourceView;
export declare function transcriptView(t: TranscriptRecord): TranscriptView;
export declare function transcriptPreview(t: TranscriptRecord): TranscriptPreview;
export declare function resourcesOf(ctx: Pick<AppContext, 'store'>, orgId: string, submission: SubmissionRecord): ResourceRecord[];
export declare function transcriptsOf(ctx: Pick<AppContext, 'store'>, orgId: string, submission: SubmissionRecord): TranscriptRecord[];
export declare function getResource(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): ResourceRecord | undefined;
export declare function getTranscript(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): TranscriptRecord | undefined;
/** A page of the organisation's resources (or transcripts), newest first. */
export declare function listAttachments<T extends ResourceRecord | TranscriptRecord>(ctx: Pick<AppContext, 'store'>, orgId: string, kind: 'resources' | 'transcripts', query: {
    limit: number;
    after?: string;
}): Page<T>;
/** Deletes a resource's stored bytes (after the record pointing at them is gone); a missing file is fine. */
export declare function removeResourceFile(ctx: Pick<AppContext, 'config'>, orgId: string, resourceId: string): Promise<void>;
export declare function readResourceFile(ctx: Pick<AppContext, 'config'>, orgId: string, resource: ResourceRecord): Promise<Buffer>;
export type AttachOutcome<T> = {
    ok: true;
    record: T;
} | {
    ok: false;
    reason: 'gone' | 'full';
};
type Ctx = Pick<AppContext, 'store' | 'clock' | 'ids' | 'config' | 'events'>;
export type ResourceInput = {
    kind: 'url';
    url: string;
    name?: string | undefined;
    contentType?: string | undefined;
} | {
    kind: 'file';
    bytes: Buffer;
    fileName: string;
    name?: string | undefined;
    contentType?: string | undefined;
};
export declare function attachResource(ctx: Ctx, orgId: string, submissionId: string, input: ResourceInput): Promise<AttachOutcome<ResourceRecord>>;
export interface TranscriptInput {
    text: string;
    title?: string | undefined;
    segments?: Segment[] | undefined;
    language?: string | undefined;
    source: 'text' | 'file';
    fileName?: string | undefined;
}
export declare function attachTranscript(ctx: Ctx, orgId: string, submissionId: string, input: TranscriptInput): Promise<AttachOutcome<TranscriptRecord>>;
export {};
