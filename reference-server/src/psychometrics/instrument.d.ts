import { z } from 'zod';
/**
 * Instrument version 1.0 as served by `GET /api/v1/assessment/questions`: 4 demographic
 * questions, 127 psychometric items (q5..q131) and 9 optional closing questions, 140 in all.
 */
export declare const INSTRUMENT_VERSION = "1.0";
export declare const TOTAL_QUESTIONS: number;
export declare const optionSchema: z.ZodObject<{
    value: z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>;
    label: z.ZodString;
}, z.core.$strict>;
export type Option = z.infer<typeof optionSchema>;
export declare const questionSchema: z.ZodObject<{
    id: z.ZodString;
    number: z.ZodInt;
    text: z.ZodString;
    type: z.ZodEnum<{
        boolean: "boolean";
        email: "email";
        text: "text";
        single_choice: "single_choice";
        likert: "likert";
        long_text: "long_text";
    }>;
    required: z.ZodBoolean;
    options: z.ZodOptional<z.ZodArray<z.ZodObject<{
        value: z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>;
        label: z.ZodString;
    }, z.core.$strict>>>;
    maxLength: z.ZodOptional<z.ZodInt>;
    submitField: z.ZodOptional<z.ZodEnum<{
        email: "email";
        full_name: "full_name";
    }>>;
}, z.core.$strict>;
export type Question = z.infer<typeof questionSchema>;
export type AnswerType = Question['type'];
export declare const SCALE_OPTIONS: Option[];
export declare const SCALE_DESCRIPTION: string;
export declare const DEMOGRAPHICS: Question[];
export declare const PSYCHOMETRIC: Question[];
export declare const CLOSING: Question[];
export declare const QUESTIONS: readonly Question[];
export declare function questionById(id: string): Question | undefined;
export declare const instrumentSchema: z.ZodObject<{
    version: z.ZodString;
    organizationId: z.ZodString;
    scaleDescription: z.ZodString;
    scaleOptions: z.ZodArray<z.ZodObject<{
        value: z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>;
        label: z.ZodString;
    }, z.core.$strict>>;
    totalQuestions: z.ZodInt;
    categories: z.ZodObject<{
        demographics: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            number: z.ZodInt;
            text: z.ZodString;
            type: z.ZodEnum<{
                boolean: "boolean";
                email: "email";
                text: "text";
                single_choice: "single_choice";
                likert: "likert";
                long_text: "long_text";
            }>;
            required: z.ZodBoolean;
            options: z.ZodOptional<z.ZodArray<z.ZodObject<{
                value: z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>;
                label: z.ZodString;
            }, z.core.$strict>>>;
            maxLength: z.ZodOptional<z.ZodInt>;
            submitField: z.ZodOptional<z.ZodEnum<{
                email: "email";
                full_name: "full_name";
            }>>;
        }, z.core.$strict>>;
        psychometric: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            number: z.ZodInt;
            text: z.ZodString;
            type: z.ZodEnum<{
                boolean: "boolean";
                email: "email";
                text: "text";
                single_choice: "single_choice";
                likert: "likert";
                long_text: "long_text";
            }>;
            required: z.ZodBoolean;
            options: z.ZodOptional<z.ZodArray<z.ZodObject<{
                value: z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>;
                label: z.ZodString;
            }, z.core.$strict>>>;
            maxLength: z.ZodOptional<z.ZodInt>;
            submitField: z.ZodOptional<z.ZodEnum<{
                email: "email";
                full_name: "full_name";
            }>>;
        }, z.core.$strict>>;
        closing: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            number: z.ZodInt;
            text: z.ZodString;
            type: z.ZodEnum<{
                boolean: "boolean";
                email: "email";
                text: "text";
                single_choice: "single_choice";
                likert: "likert";
                long_text: "long_text";
            }>;
            required: z.ZodBoolean;
            options: z.ZodOptional<z.ZodArray<z.ZodObject<{
                value: z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>;
                label: z.ZodString;
            }, z.core.$strict>>>;
            maxLength: z.ZodOptional<z.ZodInt>;
            submitField: z.ZodOptional<z.ZodEnum<{
                email: "email";
                full_name: "full_name";
            }>>;
        }, z.core.$strict>>;
    }, z.core.$strict>;
}, z.core.$strict>;
export type InstrumentDocument = z.infer<typeof instrumentSchema>;
/**
 * The instrument as JSON text. Only `organizationId` differs between organisations, so the rest
 * is serialised once instead of on every request (it is about 40 kB).
 */
export declare function instrumentJson(organizationId: string): string;
export declare function instrumentFor(organizationId: string): InstrumentDocument;
