import { z } from 'zod';
import type { AppContext } from '../context.js';
/**
 * The operator's commands. The CLI runs them on a data folder directly, or, when a server holds
 * the folder, sends them to that server's loopback-only operator endpoint: one implementation,
 * two transports, and never two writers on one folder.
 */
interface Command<S extends z.ZodType> {
    input: S;
    run(ctx: AppContext, input: z.infer<S>): Promise<unknown>;
}
export declare class OperatorError extends Error {
    name: string;
}
export declare const COMMANDS: {
    'org.create': Command<z.ZodObject<{
        name: z.ZodString;
    }, z.core.$strip>>;
    'org.list': Command<z.ZodObject<{}, z.core.$strip>>;
    'user.create': Command<z.ZodObject<{
        orgId: z.ZodString;
        email: z.ZodEmail;
        name: z.ZodString;
        password: z.ZodOptional<z.ZodString>;
        role: z.ZodOptional<z.ZodEnum<{
            admin: "admin";
            member: "member";
        }>>;
    }, z.core.$strip>>;
    'user.list': Command<z.ZodObject<{
        orgId: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    'key.create': Command<z.ZodObject<{
        orgId: z.ZodString;
        kind: z.ZodEnum<{
            automation: "automation";
            developer: "developer";
        }>;
        userEmail: z.ZodOptional<z.ZodEmail>;
        label: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    'key.list': Command<z.ZodObject<{
        orgId: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    'key.revoke': Command<z.ZodObject<{
        keyId: z.ZodString;
    }, z.core.$strip>>;
    'partner.create': Command<z.ZodObject<{
        orgId: z.ZodString;
        operations: z.ZodOptional<z.ZodArray<z.ZodString>>;
        label: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    'client.create': Command<z.ZodObject<{
        name: z.ZodString;
        redirectUris: z.ZodArray<z.ZodString>;
        scopes: z.ZodOptional<z.ZodArray<z.ZodEnum<{
            basic: "basic";
            profile: "profile";
            all: "all";
        }>>>;
        operations: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strip>>;
    'client.list': Command<z.ZodObject<{}, z.core.$strip>>;
    'invite.create': Command<z.ZodObject<{
        orgId: z.ZodString;
        email: z.ZodPipe<z.ZodString, z.ZodEmail>;
        full_name: z.ZodOptional<z.ZodString>;
        benchmark_tag_id: z.ZodOptional<z.ZodString>;
        expires_at: z.ZodOptional<z.ZodISODateTime>;
    }, z.core.$strip>>;
    'invite.list': Command<z.ZodObject<{
        orgId: z.ZodString;
        status: z.ZodOptional<z.ZodEnum<{
            sent: "sent";
            opened: "opened";
            completed: "completed";
            expired: "expired";
            revoked: "revoked";
        }>>;
    }, z.core.$strip>>;
    'invite.revoke': Command<z.ZodObject<{
        orgId: z.ZodString;
        inviteId: z.ZodString;
    }, z.core.$strip>>;
    'invite.settings': Command<z.ZodObject<{
        orgId: z.ZodString;
        showParticipantSummary: z.ZodBoolean;
    }, z.core.$strip>>;
    'profile.create': Command<z.ZodObject<{
        orgId: z.ZodString;
        profile: z.ZodUnknown;
    }, z.core.$strip>>;
    'profile.list': Command<z.ZodObject<{
        orgId: z.ZodString;
        includeArchived: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strip>>;
    'fault.set': Command<z.ZodObject<{
        orgId: z.ZodString;
        surface: z.ZodEnum<{
            automation: "automation";
            assessment: "assessment";
            graphql: "graphql";
        }>;
        kind: z.ZodEnum<{
            429: "429";
            500: "500";
            503: "503";
            latency: "latency";
            disconnect: "disconnect";
        }>;
        count: z.ZodOptional<z.ZodInt>;
        minutes: z.ZodOptional<z.ZodInt>;
        retryAfterSeconds: z.ZodOptional<z.ZodInt>;
        latencyMs: z.ZodOptional<z.ZodInt>;
    }, z.core.$strip>>;
    'fault.list': Command<z.ZodObject<{
        orgId: z.ZodString;
    }, z.core.$strip>>;
    'fault.clear': Command<z.ZodObject<{
        orgId: z.ZodString;
    }, z.core.$strip>>;
    'certify.start': Command<z.ZodObject<{
        name: z.ZodOptional<z.ZodString>;
        webhookUrl: z.ZodOptional<z.ZodURL>;
        subscriptionId: z.ZodOptional<z.ZodString>;
        checks: z.ZodOptional<z.ZodArray<z.ZodString>>;
        redirectUris: z.ZodOptional<z.ZodArray<z.ZodString>>;
        timeoutSeconds: z.ZodDefault<z.ZodInt>;
        faultWindowSeconds: z.ZodDefault<z.ZodInt>;
        accessTokenTtlSeconds: z.ZodDefault<z.ZodInt>;
        orgId: z.ZodString;
    }, z.core.$strict>>;
    'certify.status': Command<z.ZodObject<{
        runId: z.ZodString;
    }, z.core.$strip>>;
    'certify.finish': Command<z.ZodObject<{
        runId: z.ZodString;
    }, z.core.$strip>>;
    'certify.list': Command<z.ZodObject<{
        orgId: z.ZodString;
    }, z.core.$strip>>;
    'seed.demo': Command<z.ZodObject<{}, z.core.$strip>>;
};
export type CommandName = keyof typeof COMMANDS;
export declare function isCommandName(name: string): name is CommandName;
export declare function runCommand(ctx: AppContext, name: CommandName, args: unknown): Promise<unknown>;
export {};
