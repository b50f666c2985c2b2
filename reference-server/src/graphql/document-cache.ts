import type { DocumentNode, GraphQLError, GraphQLSchema, ValidationRule } from 'graphql';
import type { Principal } from '../http/index.js';

/** Distinct query texts kept parsed; a connector sends a handful, so this is plenty. */
const KEPT_DOCUMENTS = 256;

/**
 * Parsing and validating a query are pure functions of its text, the schema and the rules; the
 * only rule that varies is the operation allowlist, which depends on the caller's kind, scopes and
 * allowed operations. Both results are kept, so the handful of queries a connector sends are
 * parsed and validated once per kind of caller instead of on every request. Only successful
 * parses are kept; the least recently used text is dropped first.
 */
export class DocumentCache {
  readonly #documents = new Map<string, DocumentNode>();
  readonly #validated = new WeakMap<DocumentNode, Map<string, readonly GraphQLError[]>>();
  /** The rule list built for a request, and the caller it was built for. */
  readonly #ruleKeys = new WeakMap<readonly ValidationRule[], string>();

  parse(source: string, parse: (source: string) => DocumentNode): DocumentNode {
    let document = this.#documents.get(source);
    if (document) {
      this.#documents.delete(source);
    } else {
      document = parse(source);
      if (this.#documents.size >= KEPT_DOCUMENTS) this.#documents.delete(this.#documents.keys().next().value as string);
    }
    this.#documents.set(source, document);
    return document;
  }

  /** Marks the rule list of a request with what its allowlist rule depends on. */
  rulesFor(principal: Principal, rules: ValidationRule[]): ValidationRule[] {
    this.#ruleKeys.set(rules, `${principal.via}\n${(principal.scopes ?? []).join(' ')}\n${(principal.allowedOperations ?? []).join(' ')}`);
    return rules;
  }

  validate(
    schema: GraphQLSchema,
    document: DocumentNode,
    rules: readonly ValidationRule[],
    validate: (schema: GraphQLSchema, document: DocumentNode, rules: readonly ValidationRule[]) => readonly GraphQLError[],
  ): readonly GraphQLError[] {
    const key = this.#ruleKeys.get(rules);
    if (key === undefined) return validate(schema, document, rules);
    let byCaller = this.#validated.get(document);
    if (!byCaller) {
      byCaller = new Map();
      this.#validated.set(document, byCaller);
    }
    let errors = byCaller.get(key);
    if (!errors) {
      errors = validate(schema, document, rules);
      byCaller.set(key, errors);
    }
    return errors;
  }
}
