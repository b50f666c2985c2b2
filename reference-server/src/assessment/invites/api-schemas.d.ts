import { z } from 'zod';
import { type InviteRecord } from './records.js';
/** An invite as `/api/v1/assessment/invites` shows it: never its token (only the creating answer has the link). */
export declare const inviteViewSchema: z.ZodObject<{
    id: z.ZodString;
    email: z.ZodString;
    full_name: z.ZodNullable<z.ZodString>;
    benchmark_tag_id: z.ZodNullable<z.ZodString>;
    status: z.ZodEnum<{
        sent: "sent";
        opened: "opened";
        completed: "completed";
        expired: "expired";
        revoked: "revoked";
    }>;
    created_at: z.ZodISODateTime;
    expires_at: z.ZodISODateTime;
    opened_at: z.ZodNullable<z.ZodISODateTime>;
    completed_at: z.ZodNullable<z.ZodISODateTime>;
    revoked_at: z.ZodNullable<z.ZodISODateTime>;
    result_id: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export type InviteView = z.infer<typeof inviteViewSchema>;
export declare const createdInviteSchema: z.ZodObject<{
    id: z.ZodString;
    email: z.ZodString;
    full_name: z.ZodNullable<z.ZodString>;
    benchmark_tag_id: z.ZodNullable<z.ZodString>;
    status: z.ZodEnum<{
        sent: "sent";
        opened: "opened";
        completed: "completed";
        expired: "expired";
        revoked: "revoked";
    }>;
    created_at: z.ZodISODateTime;
    expires_at: z.ZodISODateTime;
    opened_at: z.ZodNullable<z.ZodISODateTime>;
    completed_at: z.ZodNullable<z.ZodISODateTime>;
    revoked_at: z.ZodNullable<z.ZodISODateTime>;
    result_id: z.ZodNullable<z.ZodString>;
    url: z.ZodString;
}, z.core.$strict>;
export declare const inviteListSchema: z.ZodObject<{
    data: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        email: z.ZodString;
        full_name: z.ZodNullable<z.ZodString>;
        benchmark_tag_id: z.ZodNullable<z.ZodString>;
        status: z.ZodEnum<{
            sent: "sent";
            opened: "opened";
            completed: "completed";
            expired: "expired";
            revoked: "revoked";
        }>;
        created_at: z.ZodISODateTime;
        expires_at: z.ZodISODateTime;
        opened_at: z.ZodNullable<z.ZodISODateTime>;
        completed_at: z.ZodNullable<z.ZodISODateTime>;
        revoked_at: z.ZodNullable<z.ZodISODateTime>;
        result_id: z.ZodNullable<z.ZodString>;
    }, z.core.$strict>>;
    next_cursor: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export declare const inviteListQuerySchema: z.ZodObject<{
    limit: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    cursor: z.ZodOptional<z.ZodString>;
    status: z.ZodOptional<z.ZodEnum<{
        sent: "sent";
        opened: "opened";
        completed: "completed";
        expired: "expired";
        revoked: "revoked";
    }>>;
    email: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const inviteSettingsViewSchema: z.ZodObject<{
    show_participant_summary: z.ZodBoolean;
    updated_at: z.ZodISODateTime;
}, z.core.$strict>;
export declare function inviteView(invite: InviteRecord, now: number): InviteView;
