import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLInterfaceType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Principal } from '../http/index.js';
import { allowedRootFields, hasScope, operationFor, RESTRICTED_ROOT_FIELDS } from './allowlist.js';

/**
 * Validation rules of the partner endpoint. They run inside graphql-js `validate`, so a refusal
 * is an ordinary GraphQL error (200 with `errors[]` for application/json, 400 for
 * application/graphql-response+json): never a 500, never a hang. Each walk that follows fragment
 * spreads keeps the set of fragments it is inside, so a cyclic document (refused anyway by
 * NoFragmentCyclesRule) cannot loop.
 */
export const LIMITS = {
  /** Lexical tokens in a document (graphql-js `parse({maxTokens})`). */
  maxTokens: 2000,
  /** Nesting of selection sets below the operation. */
  maxDepth: 8,
  maxAliases: 30,
  /** Estimated fields resolved: each field costs 1, times the page sizes of the lists above it. */
  maxCost: 5000,
  /** Page size assumed for a list field without a literal `first` argument. */
  assumedListSize: 100,
} as const;

const code = (extensionsCode: string) => ({ extensions: { code: extensionsCode } });

type FieldVisitor = (field: FieldNode, inside: ReadonlySet<string>) => void;

/** Calls `visit` for every field of a selection set reached through inline fragments and spreads, one level. */
function eachField(context: ValidationContext, selectionSet: SelectionSetNode, visit: FieldVisitor, inside: ReadonlySet<string> = new Set()): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) visit(selection, inside);
    else if (selection.kind === Kind.INLINE_FRAGMENT) eachField(context, selection.selectionSet, visit, inside);
    else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (fragment && !inside.has(name)) eachField(context, fragment.selectionSet, visit, new Set([...inside, name]));
    }
  }
}

/**
 * The operation allowlist: every root field of every operation in the document (through
 * fragments) must be granted by one of the caller's allowed operations, and covered by the
 * token's scopes. Restricted fields (admin, billing, prompts, other tenants) are refused
 * whatever the caller's list says. `__typename` is always fine.
 */
export function allowlistRule(principal: Principal): ValidationRule {
  return (context) => {
    const allowed = allowedRootFields(principal);
    return {
      OperationDefinition(node) {
        if (node.operation === 'subscription') return;
        const type = node.operation;
        const root = type === 'query' ? context.getSchema().getQueryType() : context.getSchema().getMutationType();
        const defined = root?.getFields() ?? {};
        const refused = new Set<string>();
        eachField(context, node.selectionSet, (field) => {
          const name = field.name.value;
          if (name === '__typename' || refused.has(name)) return;
          // Introspection is the business of NoSchemaIntrospectionCustomRule, unknown fields of the schema's own rules.
          if (name === '__schema' || name === '__type' || !(name in defined)) return;
          refused.add(name);
          const restricted = RESTRICTED_ROOT_FIELDS[name];
          if (restricted) {
            context.reportError(new GraphQLError(`"${name}" is ${restricted} and is not available on the partner API.`, { nodes: field, ...code('OPERATION_NOT_ALLOWED') }));
            return;
          }
          const grant = allowed[type].get(name);
          if (!grant) {
            const needed = operationFor(type, name);
            context.reportError(
              new GraphQLError(
                needed
                  ? `"${name}" needs the operation ${needed.name}, which this credential is not allowed to run.`
                  : `"${name}" is not among the operations this credential may run.`,
                { nodes: field, ...code('OPERATION_NOT_ALLOWED') },
              ),
            );
            return;
          }
          if (!hasScope(principal, grant.scope)) {
            context.reportError(
              new GraphQLError(`"${name}" needs the "${grant.scope}" scope, which this access token was not granted.`, {
                nodes: field,
                ...code('INSUFFICIENT_SCOPE'),
              }),
            );
            return;
          }
          refused.delete(name);
        });
      },
    };
  };
}

/** Selection depth, across fragments. */
export const depthLimitRule: ValidationRule = (context) => {
  const depthOf = (selectionSet: SelectionSetNode, inside: ReadonlySet<string>, depth: number): number => {
    if (depth > LIMITS.maxDepth) return depth;
    let max = depth;
    eachField(
      context,
      selectionSet,
      (field, within) => {
        if (field.selectionSet) max = Math.max(max, depthOf(field.selectionSet, within, depth + 1));
      },
      inside,
    );
    return max;
  };
  return {
    OperationDefinition(node) {
      const depth = depthOf(node.selectionSet, new Set(), 1);
      if (depth > LIMITS.maxDepth) {
        context.reportError(new GraphQLError(`The query is nested deeper than ${LIMITS.maxDepth} levels.`, { nodes: node, ...code('QUERY_TOO_DEEP') }));
      }
    },
  };
};

/** Aliases in the whole document: many aliases of one field are a cheap way to multiply work. */
export const aliasLimitRule: ValidationRule = (context) => {
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias) aliases += 1;
    },
    Document: {
      leave(node) {
        if (aliases > LIMITS.maxAliases) {
          context.reportError(new GraphQLError(`The document uses ${aliases} aliases; at most ${LIMITS.maxAliases} are allowed.`, { nodes: node, ...code('TOO_MANY_ALIASES') }));
        }
      },
    },
  };
};

/**
 * Marks a list field whose length is bounded by the data (a profile's criteria, the eight
 * dimensions, an organisation's webhook subscriptions): the cost rule counts it at this size
 * instead of a full page, so reading a submission in full stays far inside the budget.
 */
export const listSize = (size: number) => ({ listSize: size });

function listSizeOf(extensions: Readonly<Record<string, unknown>> | undefined | null): number | undefined {
  const size = extensions?.['listSize'];
  return typeof size === 'number' ? size : undefined;
}

function pageSize(field: FieldNode): number {
  const first = field.arguments?.find((argument) => argument.name.value === 'first');
  if (first?.value.kind === Kind.INT) return Math.max(0, Math.min(Number(first.value.value), LIMITS.assumedListSize));
  return LIMITS.assumedListSize;
}

/**
 * Estimated cost: every field resolved counts 1, multiplied by the page sizes of the lists
 * around it (a literal `first`, or the largest page otherwise; a list marked with `listSize`
 * counts that size). Fields unknown to the schema count 1 and are reported by the schema's own rules.
 */
export const costLimitRule: ValidationRule = (context): ASTVisitor => {
  const schema = context.getSchema();
  const costOf = (
    selectionSet: SelectionSetNode,
    parent: GraphQLObjectType | GraphQLInterfaceType | undefined,
    multiplier: number,
    inside: ReadonlySet<string>,
    budget: { left: number },
  ): void => {
    eachField(
      context,
      selectionSet,
      (field, within) => {
        if (budget.left < 0) return;
        const name = field.name.value;
        if (name === '__typename') return;
        budget.left -= multiplier;
        if (!field.selectionSet) return;
        const definition = parent?.getFields()[name];
        const type = definition ? getNullableType(definition.type) : undefined;
        const named = definition ? getNamedType(definition.type) : undefined;
        // A connection's page size is counted once, at the field that takes `first`; its `nodes` list is that page.
        const isConnection = named !== undefined && isObjectType(named) && 'nodes' in named.getFields();
        const inConnection = parent !== undefined && 'nodes' in parent.getFields() && 'pageInfo' in parent.getFields();
        const isList = type !== undefined && isListType(type) && !inConnection;
        const factor = isConnection ? pageSize(field) : isList ? (listSizeOf(definition?.extensions) ?? pageSize(field)) : 1;
        const next = named && (isObjectType(named) || isInterfaceType(named)) ? named : undefined;
        costOf(field.selectionSet, next, multiplier * Math.max(1, factor), within, budget);
      },
      inside,
    );
  };
  return {
    OperationDefinition(node) {
      const root = node.operation === 'mutation' ? schema.getMutationType() : node.operation === 'query' ? schema.getQueryType() : schema.getSubscriptionType();
      const budget = { left: LIMITS.maxCost };
      costOf(node.selectionSet, root ?? undefined, 1, new Set(), budget);
      if (budget.left < 0) {
        context.reportError(
          new GraphQLError(`The query would resolve more than ${LIMITS.maxCost} fields; ask for smaller pages or fewer fields.`, {
            nodes: node,
            ...code('QUERY_TOO_COSTLY'),
          }),
        );
      }
    },
  };
};
