import { z } from 'zod';
import { type EventType, type WebhookSurface } from './event-types.js';
export declare const createSubscriptionBody: (surface: WebhookSurface) => z.ZodObject<{
    url: z.ZodURL;
    events: z.ZodOptional<z.ZodArray<z.ZodEnum<{
        "submission.queued": "submission.queued";
        "submission.completed": "submission.completed";
        "submission.awaiting_assessment": "submission.awaiting_assessment";
        "submission.failed": "submission.failed";
        "resource.attached": "resource.attached";
        "transcript.attached": "transcript.attached";
        "assessment.completed": "assessment.completed";
        "assessment.replaced": "assessment.replaced";
    }>>>;
    description: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const subscriptionSchema: z.ZodObject<{
    id: z.ZodString;
    url: z.ZodString;
    events: z.ZodArray<z.ZodEnum<{
        "submission.queued": "submission.queued";
        "submission.completed": "submission.completed";
        "submission.awaiting_assessment": "submission.awaiting_assessment";
        "submission.failed": "submission.failed";
        "resource.attached": "resource.attached";
        "transcript.attached": "transcript.attached";
        "assessment.completed": "assessment.completed";
        "assessment.replaced": "assessment.replaced";
    }>>;
    description: z.ZodNullable<z.ZodString>;
    status: z.ZodEnum<{
        active: "active";
        disabled: "disabled";
    }>;
    disabled_reason: z.ZodNullable<z.ZodString>;
    created_at: z.ZodString;
    updated_at: z.ZodString;
}, z.core.$strict>;
export type SubscriptionView = z.infer<typeof subscriptionSchema>;
/** One delivery attempt, as stored (records.ts: AttemptRecord is this type) and as listed. */
export declare const attemptSchema: z.ZodObject<{
    id: z.ZodString;
    delivery_id: z.ZodString;
    event_id: z.ZodString;
    event_type: z.ZodEnum<{
        "submission.queued": "submission.queued";
        "submission.completed": "submission.completed";
        "submission.awaiting_assessment": "submission.awaiting_assessment";
        "submission.failed": "submission.failed";
        "resource.attached": "resource.attached";
        "transcript.attached": "transcript.attached";
        "assessment.completed": "assessment.completed";
        "assessment.replaced": "assessment.replaced";
    }>;
    attempt: z.ZodNumber;
    at: z.ZodString;
    status_code: z.ZodNullable<z.ZodNumber>;
    latency_ms: z.ZodNumber;
    error: z.ZodNullable<z.ZodString>;
    response_body: z.ZodNullable<z.ZodString>;
    outcome: z.ZodEnum<{
        disabled: "disabled";
        delivered: "delivered";
        retrying: "retrying";
        failed: "failed";
    }>;
    next_attempt_at: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export type AttemptView = z.infer<typeof attemptSchema>;
/** What a surface's OpenAPI document needs to describe `<base>/webhooks`. */
export declare function webhookOpenApi(base: string, surface: WebhookSurface, errorRef: (status: string, description: string) => unknown): {
    paths: {
        [x: string]: {
            post: {
                summary: string;
                description: string;
                requestBody: {
                    required: boolean;
                    content: {
                        'application/json': {
                            schema: {
                                $ref: string;
                            };
                        };
                    };
                };
                responses: {
                    '201': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '400': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '409': unknown;
                    '200'?: undefined;
                    '404'?: undefined;
                };
                parameters?: undefined;
            };
            get: {
                summary: string;
                parameters: ({
                    name: string;
                    in: string;
                    schema: {
                        type: string;
                        minimum: number;
                        maximum: number;
                        default: number;
                    };
                    description?: undefined;
                } | {
                    name: string;
                    in: string;
                    schema: {
                        type: string;
                        minimum?: undefined;
                        maximum?: undefined;
                        default?: undefined;
                    };
                    description: string;
                } | {
                    name: string;
                    in: string;
                    description: string;
                    schema: {
                        type: string;
                        maxLength: number;
                    };
                })[];
                responses: {
                    '200': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '400': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '404'?: undefined;
                };
            };
            delete: {
                summary: string;
                parameters: {
                    in: string;
                    name: string;
                    required: boolean;
                    schema: {
                        type: string;
                    };
                }[];
                responses: {
                    '204': {
                        description: string;
                    };
                    '400': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '404': unknown;
                };
            };
        } | {
            get: {
                summary: string;
                responses: {
                    '200': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '400'?: undefined;
                    '404'?: undefined;
                };
                parameters?: undefined;
            };
            post?: undefined;
            delete?: undefined;
        } | {
            get: {
                summary: string;
                parameters: {
                    name: string;
                    in: string;
                    required: boolean;
                    schema: {
                        type: string;
                    };
                }[];
                responses: {
                    '200': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '404': unknown;
                    '400'?: undefined;
                };
            };
            delete: {
                summary: string;
                parameters: {
                    name: string;
                    in: string;
                    required: boolean;
                    schema: {
                        type: string;
                    };
                }[];
                responses: {
                    '204': {
                        description: string;
                    };
                    '404': unknown;
                    '400'?: undefined;
                };
            };
            post?: undefined;
        } | {
            post: {
                summary: string;
                parameters: {
                    name: string;
                    in: string;
                    required: boolean;
                    schema: {
                        type: string;
                    };
                }[];
                responses: {
                    '200': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '404': unknown;
                    '201'?: undefined;
                    '400'?: undefined;
                    '409'?: undefined;
                };
                description?: undefined;
                requestBody?: undefined;
            };
            get?: undefined;
            delete?: undefined;
        } | {
            get: {
                summary: string;
                parameters: ({
                    name: string;
                    in: string;
                    required: boolean;
                    schema: {
                        type: string;
                    };
                } | {
                    name: string;
                    in: string;
                    schema: {
                        type: string;
                        minimum: number;
                        maximum: number;
                        default: number;
                    };
                    description?: undefined;
                } | {
                    name: string;
                    in: string;
                    schema: {
                        type: string;
                        minimum?: undefined;
                        maximum?: undefined;
                        default?: undefined;
                    };
                    description: string;
                } | {
                    name: string;
                    in: string;
                    schema: {
                        type: string;
                    };
                })[];
                responses: {
                    '200': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '400': {
                        description: string;
                        content: {
                            'application/json': {
                                schema: {
                                    $ref: string;
                                };
                            };
                        };
                    };
                    '404': unknown;
                };
            };
            post?: undefined;
            delete?: undefined;
        };
    };
    inputSchemas: {
        CreateSubscriptionBody: z.ZodObject<{
            url: z.ZodURL;
            events: z.ZodOptional<z.ZodArray<z.ZodEnum<{
                "submission.queued": "submission.queued";
                "submission.completed": "submission.completed";
                "submission.awaiting_assessment": "submission.awaiting_assessment";
                "submission.failed": "submission.failed";
                "resource.attached": "resource.attached";
                "transcript.attached": "transcript.attached";
                "assessment.completed": "assessment.completed";
                "assessment.replaced": "assessment.replaced";
            }>>>;
            description: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>;
    };
    outputSchemas: {
        Subscription: z.ZodObject<{
            id: z.ZodString;
            url: z.ZodString;
            events: z.ZodArray<z.ZodEnum<{
                "submission.queued": "submission.queued";
                "submission.completed": "submission.completed";
                "submission.awaiting_assessment": "submission.awaiting_assessment";
                "submission.failed": "submission.failed";
                "resource.attached": "resource.attached";
                "transcript.attached": "transcript.attached";
                "assessment.completed": "assessment.completed";
                "assessment.replaced": "assessment.replaced";
            }>>;
            description: z.ZodNullable<z.ZodString>;
            status: z.ZodEnum<{
                active: "active";
                disabled: "disabled";
            }>;
            disabled_reason: z.ZodNullable<z.ZodString>;
            created_at: z.ZodString;
            updated_at: z.ZodString;
        }, z.core.$strict>;
        CreatedSubscription: z.ZodObject<{
            id: z.ZodString;
            url: z.ZodString;
            events: z.ZodArray<z.ZodEnum<{
                "submission.queued": "submission.queued";
                "submission.completed": "submission.completed";
                "submission.awaiting_assessment": "submission.awaiting_assessment";
                "submission.failed": "submission.failed";
                "resource.attached": "resource.attached";
                "transcript.attached": "transcript.attached";
                "assessment.completed": "assessment.completed";
                "assessment.replaced": "assessment.replaced";
            }>>;
            description: z.ZodNullable<z.ZodString>;
            status: z.ZodEnum<{
                active: "active";
                disabled: "disabled";
            }>;
            disabled_reason: z.ZodNullable<z.ZodString>;
            created_at: z.ZodString;
            updated_at: z.ZodString;
            secret: z.ZodString;
        }, z.core.$strict>;
        Subscriptions: z.ZodObject<{
            data: z.ZodArray<z.ZodObject<{
                id: z.ZodString;
                url: z.ZodString;
                events: z.ZodArray<z.ZodEnum<{
                    "submission.queued": "submission.queued";
                    "submission.completed": "submission.completed";
                    "submission.awaiting_assessment": "submission.awaiting_assessment";
                    "submission.failed": "submission.failed";
                    "resource.attached": "resource.attached";
                    "transcript.attached": "transcript.attached";
                    "assessment.completed": "assessment.completed";
                    "assessment.replaced": "assessment.replaced";
                }>>;
                description: z.ZodNullable<z.ZodString>;
                status: z.ZodEnum<{
                    active: "active";
                    disabled: "disabled";
                }>;
                disabled_reason: z.ZodNullable<z.ZodString>;
                created_at: z.ZodString;
                updated_at: z.ZodString;
            }, z.core.$strict>>;
            next_cursor: z.ZodNullable<z.ZodString>;
        }, z.core.$strict>;
        Attempts: z.ZodObject<{
            data: z.ZodArray<z.ZodObject<{
                id: z.ZodString;
                delivery_id: z.ZodString;
                event_id: z.ZodString;
                event_type: z.ZodEnum<{
                    "submission.queued": "submission.queued";
                    "submission.completed": "submission.completed";
                    "submission.awaiting_assessment": "submission.awaiting_assessment";
                    "submission.failed": "submission.failed";
                    "resource.attached": "resource.attached";
                    "transcript.attached": "transcript.attached";
                    "assessment.completed": "assessment.completed";
                    "assessment.replaced": "assessment.replaced";
                }>;
                attempt: z.ZodNumber;
                at: z.ZodString;
                status_code: z.ZodNullable<z.ZodNumber>;
                latency_ms: z.ZodNumber;
                error: z.ZodNullable<z.ZodString>;
                response_body: z.ZodNullable<z.ZodString>;
                outcome: z.ZodEnum<{
                    disabled: "disabled";
                    delivered: "delivered";
                    retrying: "retrying";
                    failed: "failed";
                }>;
                next_attempt_at: z.ZodNullable<z.ZodString>;
            }, z.core.$strict>>;
            next_cursor: z.ZodNullable<z.ZodString>;
        }, z.core.$strict>;
        InvalidFieldsError: z.ZodObject<{
            message: z.ZodString;
            error: z.ZodLiteral<"Bad Request">;
            fields: z.ZodArray<z.ZodObject<{
                field: z.ZodString;
                message: z.ZodString;
            }, z.core.$strict>>;
        }, z.core.$strict>;
        EventTypes: z.ZodObject<{
            data: z.ZodArray<z.ZodObject<{
                type: z.ZodEnum<{
                    "submission.queued": "submission.queued";
                    "submission.completed": "submission.completed";
                    "submission.awaiting_assessment": "submission.awaiting_assessment";
                    "submission.failed": "submission.failed";
                    "resource.attached": "resource.attached";
                    "transcript.attached": "transcript.attached";
                    "assessment.completed": "assessment.completed";
                    "assessment.replaced": "assessment.replaced";
                }>;
                description: z.ZodString;
            }, z.core.$strict>>;
        }, z.core.$strict>;
    };
};
/** The body of every delivery (docs/webhooks.md#payload): one event type and what its `data` holds. */
export declare const eventPayloadSchema: <T extends z.ZodType>(type: EventType, data: T) => z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"submission.queued" | "submission.completed" | "submission.awaiting_assessment" | "submission.failed" | "resource.attached" | "transcript.attached" | "assessment.completed" | "assessment.replaced">;
    created_at: z.ZodISODateTime;
    organization_id: z.ZodString;
    data: T;
}, z.core.$strict>;
/**
 * The OpenAPI 3.1 `webhooks` of a surface: one POST per event type, as the receiver gets it.
 * `payloads` names each event type's payload component (built with eventPayloadSchema).
 */
export declare function webhookEventsOpenApi(payloads: Partial<Record<EventType, string>>): Record<string, unknown>;
