import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { execute, GraphQLError, NoSchemaIntrospectionCustomRule, parse, validate, type ExecutionArgs } from 'graphql';
import { createHandler, type FormatError } from 'graphql-http';
import { principalOf, bodyReadError } from '../http/index.js';
import type { AppContext } from '../context.js';
import { StoreUnavailableError } from '../store/index.js';
import type { SubmissionSearch } from '../submissions/index.js';
import type { GraphqlContext } from './graphql-context.js';
import { DocumentCache } from './document-cache.js';
import { aliasLimitRule, allowlistRule, costLimitRule, depthLimitRule, LIMITS } from './rules.js';
import { schema } from './schema.js';

const BODY_LIMIT = '64kb';

const PROTOCOL_REFUSALS: Readonly<Record<number, string>> = {
  406: 'Accept application/graphql-response+json or application/json.',
  415: 'Send the request body as application/json: {"query": "...", "variables": {...}}.',
};

/** Messages that name schema members the caller did not ask about ("Did you mean …?") are trimmed. */
const SUGGESTION = /\s*Did you mean .*\?$/s;

/**
 * The GraphQL over HTTP handler (graphql-http) for `POST /api`, behind the Bearer guard.
 * graphql-http owns the protocol (media types, status codes, the error shapes its audits check);
 * this module adds the body limit, the token limit at parse time, the validation rules of
 * rules.ts, no suggestions, and errors that never leak an internal message.
 */
export function graphqlHandler(ctx: AppContext, search: SubmissionSearch): RequestHandler[] {
  const formatError: FormatError = (error) => {
    if (!(error instanceof GraphQLError)) return new GraphQLError('Internal error.');
    const original = error.originalError;
    if (original instanceof StoreUnavailableError) {
      return new GraphQLError(`The server cannot save changes right now (${original.reason}); nothing was saved. Retry in ${original.retryAfterSeconds} seconds.`, {
        path: error.path ?? null,
        nodes: error.nodes ?? null,
        extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: original.retryAfterSeconds },
      });
    }
    // A resolver's own GraphQLError is meant for the caller; anything else is a bug: log it, say little.
    if (original && !(original instanceof GraphQLError) && error.path) {
      ctx.log.error({ err: original, path: error.path }, 'GraphQL resolver failed');
      return new GraphQLError('Internal error.', { path: error.path, nodes: error.nodes ?? null, extensions: { code: 'INTERNAL' } });
    }
    return SUGGESTION.test(error.message) ? new GraphQLError(error.message.replace(SUGGESTION, ''), { ...error, extensions: error.extensions }) : error;
  };

  const documents = new DocumentCache();
  const handle = createHandler<express.Request, undefined, GraphqlContext>({
    schema,
    parse: (source) =>
      typeof source === 'string'
        ? documents.parse(source, (text) => parse(text, { maxTokens: LIMITS.maxTokens }))
        : parse(source, { maxTokens: LIMITS.maxTokens }),
    validate: (s, document, rules) =>
      rules
        ? documents.validate(s, document, rules, (sc, doc, r) => validate(sc, doc, r, { hideSuggestions: true }))
        : validate(s, document, undefined, { hideSuggestions: true }),
    validationRules: (req, _args, specified) =>
      documents.rulesFor(principalOf(req.raw), [
        ...specified,
        ...(ctx.config.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
        allowlistRule(principalOf(req.raw)),
        depthLimitRule,
        aliasLimitRule,
        costLimitRule,
      ]),
    execute: (args: ExecutionArgs) => execute({ ...args, hideSuggestions: true } as ExecutionArgs),
    context: (req) => ({ ctx, principal: principalOf(req.raw), search }),
    formatError,
  });

  const run: RequestHandler = (req, res, next) => {
    handle({
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      body: typeof req.body === 'string' ? req.body : '',
      raw: req,
      context: undefined,
    }).then(([body, init]) => {
      if (!body && init.status >= 400) {
        // graphql-http answers a media type it cannot read or serve with no body; say what to send.
        res.status(init.status).set(init.headers).json({ errors: [{ message: PROTOCOL_REFUSALS[init.status] ?? init.statusText }] });
        return;
      }
      res.writeHead(init.status, init.statusText, init.headers).end(body);
    }, next);
  };

  // Read the body ourselves, bounded, whatever its media type: graphql-http then judges the type.
  return [express.text({ type: () => true, limit: BODY_LIMIT }), run];
}

/** A body the reader refused is answered in GraphQL's error shape, never a stack trace. */
export const bodyErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const refused = bodyReadError(error, BODY_LIMIT);
  if (!refused) {
    next(error);
    return;
  }
  res.status(refused.status).json({ errors: [{ message: refused.message }] });
};

