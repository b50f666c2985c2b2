import { Lexer, Source, type Token, TokenKind } from 'graphql';
import { isSecretName } from './secret-names.js';
import { REDACTED, redactInlineSecrets } from './redact-url.js';

/** Tokens read of one document at most: a log's body is bounded, and so is this walk. */
const MAX_TOKENS = 20_000;

const LITERALS = new Set<TokenKind>([TokenKind.STRING, TokenKind.BLOCK_STRING, TokenKind.INT, TokenKind.FLOAT]);
const TYPE_TOKENS = new Set<TokenKind>([TokenKind.NAME, TokenKind.BRACKET_L, TokenKind.BRACKET_R, TokenKind.BANG]);

function tokensOf(document: string): Token[] {
  const lexer = new Lexer(new Source(document));
  const tokens: Token[] = [];
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF && tokens.length < MAX_TOKENS; token = lexer.advance()) tokens.push(token);
  return tokens;
}

/** The literals of the value starting at `start`: one literal, or every literal inside a list or an input object. */
function literalsOfValue(tokens: Token[], start: number): Token[] {
  const first = tokens[start];
  if (!first) return [];
  if (LITERALS.has(first.kind)) return [first];
  if (first.kind !== TokenKind.BRACKET_L && first.kind !== TokenKind.BRACE_L) return [];
  const found: Token[] = [];
  let depth = 0;
  for (let i = start; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.kind === TokenKind.BRACKET_L || token.kind === TokenKind.BRACE_L) depth += 1;
    else if (token.kind === TokenKind.BRACKET_R || token.kind === TokenKind.BRACE_R) depth -= 1;
    else if (LITERALS.has(token.kind)) found.push(token);
    if (depth === 0) break;
  }
  return found;
}

/** Where the value named by the secret name at `at` starts: after `name:` for an argument or input field, after `= ` for a variable's default. */
function valueStart(tokens: Token[], at: number): number | undefined {
  if (tokens[at + 1]?.kind !== TokenKind.COLON) return undefined;
  if (tokens[at - 1]?.kind !== TokenKind.DOLLAR) return at + 2;
  let i = at + 2;
  while (tokens[i] && TYPE_TOKENS.has((tokens[i] as Token).kind)) i += 1;
  return tokens[i]?.kind === TokenKind.EQUALS ? i + 1 : undefined;
}

/**
 * A GraphQL document (an `application/graphql` body, or the `query` of a JSON request) with the
 * literal given to every argument, input field or variable default whose name says secret cut
 * (`login(password: "…")`, `input: {token: "…"}`, `$secret: String = "…"`), and the secrets that
 * can stand anywhere (URLs, issued secrets) cut in the rest, comments included. Read with
 * graphql-js's own lexer, so strings, block strings and comments are told apart as the server
 * does; a document it cannot read is cut as running text.
 */
export function redactGraphqlDocument(document: string): string {
  let tokens: Token[];
  try {
    tokens = tokensOf(document);
  } catch {
    return redactInlineSecrets(document);
  }
  const cuts = new Set<Token>();
  for (const [i, token] of tokens.entries()) {
    if (token.kind !== TokenKind.NAME || !isSecretName(token.value)) continue;
    const start = valueStart(tokens, i);
    if (start !== undefined) for (const literal of literalsOfValue(tokens, start)) cuts.add(literal);
  }
  let out = document;
  for (const cut of [...cuts].sort((a, b) => b.start - a.start)) out = `${out.slice(0, cut.start)}"${REDACTED}"${out.slice(cut.end)}`;
  return redactInlineSecrets(out);
}
