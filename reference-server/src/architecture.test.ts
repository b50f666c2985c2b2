import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './operator/index.js';

/**
 * The layering docs/architecture.md draws, held by the code's own import graph:
 * imports run downwards only (LAYERS); surfaces never import each other; every folder (domain or shared) is entered through its
 * index.ts only; no file imports itself round a circle and no folder does; no function grows
 * past 80 lines.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const SURFACES = ['assessment-api', 'automation', 'graphql', 'oauth', 'workspace', 'operator', 'observability', 'certificate-pages'];

/**
 * docs/architecture.md's layers as data, top first: a folder (`name/`) or a top-level file
 * (`name.ts`) imports only from its own layer and those below it. Within one layer only the other
 * rules hold (surfaces never import each other). Every folder and top-level file of src/ has a
 * layer: a new one without fails the test. Renaming or adding a folder is one entry here.
 */
const LAYERS: readonly { layer: string; members: readonly string[] }[] = [
  {
    layer: 'the top: starts, composes, wires',
    members: [
      'main.ts', 'index.ts', 'cli.ts', 'cli-operator.ts', 'cli-start.ts', 'cli-store.ts', 'certify-cli.ts', 'certify-command.ts',
      'certify-run.ts', 'certify-output.ts', 'certify-certificates-cli.ts',
      'certify-progress.ts', 'certify-verify.ts', 'banner.ts', 'server.ts', 'compose.ts', 'app.ts', 'sandbox.ts', 'data-folder.ts',
      'database.ts', 'job-queues.ts', 'cli-backup.ts', 'retention-rules.ts',
    ],
  },
  { layer: 'surfaces', members: SURFACES.map((surface) => `${surface}/`) },
  {
    layer: 'domains',
    members: ['assessments/', 'submissions/', 'certification/', 'certificates/', 'webhooks/', 'psychometrics/', 'samples/', 'seed.ts'],
  },
  {
    layer: 'shared parts',
    members: ['auth/', 'tenancy/', 'faults/', 'retention/', 'jobs/', 'outbound/', 'pages/', 'http/', 'transport/', 'backup/', 'rate-limits/', 'sandbox-warnings.ts'],
  },
  {
    layer: 'foundation',
    members: ['store/', 'crypto/', 'context.ts', 'config.ts', 'clock.ts', 'ids.ts', 'log.ts', 'event-bus.ts', 'loopback.ts', 'detached.ts', 'maybe-promise.ts', 'search-words.ts'],
  },
];

interface Edge {
  from: string;
  to: string;
}

function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(SRC);
  return found;
}

const FILES = sources().map((path) => ({ path, source: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) }));
const rel = (path: string) => relative(SRC, path).replace(/\.tsx?$/, '');
/** A file's folder; a file at the top (context.ts, compose.ts, cli.ts …) is a layer of its own. */
const folderOf = (file: string) => (file.includes('/') ? (file.split('/')[0] as string) : `./${file}`);

/**
 * Whether an import reaches into a folder past its index.ts. Below the folder both files share,
 * the imported one must be a file beside it or one folder's index.ts: so the files of a folder
 * import each other directly, and a sub-folder (workspace/keys/) is entered by its siblings and
 * its parent through its own index.ts, as a top-level folder is by the rest.
 */
function reachesIn({ from, to }: Edge): boolean {
  const [fromParts, toParts] = [from.split('/'), to.split('/')];
  let shared = 0;
  while (shared < fromParts.length - 1 && shared < toParts.length - 1 && fromParts[shared] === toParts[shared]) shared++;
  const below = toParts.slice(shared);
  return !(below.length === 1 || (below.length === 2 && below[1] === 'index'));
}
/** The layer of a folder or top-level file (as folderOf names it), top first; undefined when it has none. */
const layerOf = (folder: string): number | undefined => {
  const member = folder.startsWith('./') ? `${folder.slice(2)}.ts` : `${folder}/`;
  const at = LAYERS.findIndex(({ members }) => members.includes(member) || members.includes(member.replace(/\.ts$/, '.tsx')));
  return at === -1 ? undefined : at;
};

/** Every relative import and re-export of a value (type-only imports leave no edge at run time, but count for layering). */
const EDGES: Edge[] = FILES.flatMap(({ path, source }) =>
  source.statements.flatMap((statement) => {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) return [];
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!specifier.startsWith('.')) return [];
    return [{ from: rel(path), to: rel(resolve(dirname(path), specifier).replace(/\.js$/, '.ts')) }];
  }),
);

function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

const graphOf = (edges: readonly Edge[]) => {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)?.add(to);
  }
  return graph;
};

describe('the architecture', () => {
  it('has no surface importing another surface', () => {
    const crossing = EDGES.filter(({ from, to }) => SURFACES.includes(folderOf(from)) && SURFACES.includes(folderOf(to)) && folderOf(from) !== folderOf(to));
    expect(crossing.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('gives every folder and top-level file a layer', () => {
    const folders = new Set(FILES.map(({ path }) => folderOf(rel(path))));
    expect([...folders].filter((folder) => layerOf(folder) === undefined)).toEqual([]);
  });

  it('runs imports downwards only: no folder or top-level file imports one of a higher layer', () => {
    const upwards = EDGES.filter(({ from, to }) => (layerOf(folderOf(from)) ?? 0) > (layerOf(folderOf(to)) ?? 0));
    const named = (folder: string) => LAYERS[layerOf(folder) ?? 0]?.layer;
    expect(upwards.map((e) => `${e.from} (${named(folderOf(e.from))}) → ${e.to} (${named(folderOf(e.to))})`)).toEqual([]);
  });

  it('enters every folder only through its index.ts', () => {
    expect(EDGES.filter(reachesIn).map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('counts a reach into a sub-folder, and a sibling file or index.ts as no reach', () => {
    const edge = (from: string, to: string) => reachesIn({ from, to });
    expect([edge('workspace/keys/keys-routes', 'workspace/shared/confirm'), edge('compose', 'workspace/keys/index'), edge('workspace/index', 'workspace/keys/keys-routes')]).toEqual([true, true, true]);
    expect([edge('workspace/keys/keys-routes', 'workspace/shared/index'), edge('workspace/keys/keys-routes', 'workspace/keys/keys-pages'), edge('workspace/keys/keys-routes', 'pages/index')]).toEqual([false, false, false]);
  });

  it('names each file once in src/ (index.ts aside), so a name says which room it is in', () => {
    const byName = new Map<string, string[]>();
    for (const { path } of FILES) {
      const name = path.split('/').pop() as string;
      if (!/^index\.tsx?$/.test(name)) byName.set(name, [...(byName.get(name) ?? []), rel(path)]);
    }
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('has no file-level circle and no folder-level loop', () => {
    expect(cycles(graphOf(EDGES)).map((c) => c.join(' → '))).toEqual([]);
    const folders = EDGES.map(({ from, to }) => ({ from: folderOf(from), to: folderOf(to) }));
    expect(cycles(graphOf(folders)).map((c) => c.join(' → '))).toEqual([]);
  });

  it('has no function longer than 80 lines', () => {
    const long: string[] = [];
    for (const { path, source } of FILES) {
      const visit = (node: ts.Node) => {
        if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
          const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
          const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - start + 1;
          if (lines > 80) long.push(`${rel(path)}:${start + 1} (${lines} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });
});

/**
 * A job queue is named by what it does: a `defineJobQueue({ name, collection, … })` object
 * exported beside its handler and handed to the runner, which knows it by that object. Outside
 * jobs/, an object shaped as a queue (a `collection` and a `concurrency`) anywhere but as
 * `defineJobQueue`'s argument is a queue named by its collection string; and the runner's public
 * methods take queue objects and job refs, never a collection name or raw store ops.
 */
function stringNamedQueues(): string[] {
  const found: string[] = [];
  const at = (path: string, source: ts.SourceFile, node: ts.Node) => `${rel(path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  for (const { path, source } of FILES) {
    const inJobs = folderOf(rel(path)) === 'jobs';
    const visit = (node: ts.Node) => {
      if (!inJobs && ts.isObjectLiteralExpression(node)) {
        const names = new Set(node.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : '')));
        const defined = ts.isCallExpression(node.parent) && ts.isIdentifier(node.parent.expression) && node.parent.expression.text === 'defineJobQueue';
        if (names.has('collection') && names.has('concurrency') && !defined) found.push(`${at(path, source, node)} a job queue not made by defineJobQueue`);
      }
      if (inJobs && ts.isClassDeclaration(node) && node.name?.text === 'JobRunner') {
        for (const member of node.members) {
          if (ts.isConstructorDeclaration(member) || !member.name || ts.isPrivateIdentifier(member.name)) continue;
          const fn = ts.isPropertyDeclaration(member) && member.initializer && ts.isArrowFunction(member.initializer) ? member.initializer : member;
          const parameters = ts.isMethodDeclaration(fn) || ts.isArrowFunction(fn) ? fn.parameters : [];
          for (const parameter of parameters) {
            const type = parameter.type?.getText(source) ?? '';
            if (/\bstring\b|\bcollection\b|WriteOp/.test(type)) found.push(`${at(path, source, parameter)} JobRunner.${member.name.getText(source)}(${parameter.getText(source)})`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('job queues', () => {
  it('names every job queue by its definition, never by its collection', () => {
    expect(stringNamedQueues()).toEqual([]);
  });
});

/**
 * What runs outside a request's own error path (an event listener, a timer, a clock task) goes
 * through `detached()` (detached.ts, re-exported by http/), so a throw there is logged instead of stopping the
 * process (or is a function built once by `detached()` and passed by name). A promise's own settle
 * functions may be passed as they are: they cannot throw.
 */
const SETTLERS = new Set(['resolve', 'reject', 'done', 'fail']);
const LISTENS = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);
const TIMERS = new Set(['setTimeout', 'setImmediate', 'setInterval', 'queueMicrotask', 'schedule']);
const ANSWERS = new Set(['end', 'json', 'write', 'send']);

function bareCallbacks(path: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  const settles = (arg: ts.Node): boolean =>
    (ts.isIdentifier(arg) && SETTLERS.has(arg.text)) || (ts.isCallExpression(arg) && ts.isIdentifier(arg.expression) && SETTLERS.has(arg.expression.text));
  const isDetached = (node: ts.Node | undefined) => node !== undefined && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'detached';
  // A listener built once (`const done = detached(…)`) and handed to every emitter by name.
  const built = new Set<string>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isDetached(node.initializer)) built.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const guarded = (arg: ts.Expression | undefined) =>
    arg !== undefined && (isDetached(arg) || (ts.isIdentifier(arg) && built.has(arg.text)) || settles(arg) || (ts.isArrowFunction(arg) && settles(arg.body)));
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      const callback = LISTENS.has(name) && ts.isPropertyAccessExpression(callee) && node.arguments.length === 2 ? node.arguments[1] : TIMERS.has(name) ? (name === 'schedule' ? node.arguments[1] : node.arguments[0]) : undefined;
      if (callback !== undefined && !guarded(callback)) found.push(`${rel(path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name}(…)`);
    }
    // A wrapped res.end/json/write runs in whoever answers: its own work must be detached too.
    const wraps = ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && ANSWERS.has(node.left.name.text);
    if (wraps && !source.text.includes('detached(')) found.push(`${rel(path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} .${(node.left as ts.PropertyAccessExpression).name.text} =`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('work outside a request', () => {
  it('hands every listener and timer callback to detached()', () => {
    // clock.ts's timer runs the callback its caller gave `schedule`, which is checked there.
    expect(FILES.filter(({ path }) => rel(path) !== 'clock').flatMap(({ path, source }) => bareCallbacks(path, source))).toEqual([]);
  });
});

/**
 * The operator commands are reached only through the typed call (operator/commands.ts
 * `OperatorCall`): a function that takes a command's name takes that command's input type and
 * answers its output type, never `unknown`, and no caller casts a command's answer. Only the table's
 * own checks (operator/commands.ts, where an HTTP body or argv meets the schemas) take `unknown`.
 */
const COMMAND_NAMES = new Set(Object.keys(COMMANDS));
const TABLE_CHECKS = 'operator/commands';

function untypedOperatorCalls(path: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  const at = (node: ts.Node) => `${rel(path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const namesCommand = (type: ts.TypeNode | undefined, generics: ReadonlySet<string>) =>
    type !== undefined && (/\bCommandName\b/.test(type.getText(source)) || (ts.isTypeReferenceNode(type) && generics.has(type.typeName.getText(source))));
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && rel(path) !== TABLE_CHECKS) {
      const generics = new Set((node.typeParameters ?? []).filter((p) => p.constraint && /\bCommandName\b/.test(p.constraint.getText(source))).map((p) => p.name.text));
      const takesName = node.parameters.some((p) => namesCommand(p.type, generics));
      const untyped = node.parameters.some((p) => p.type?.kind === ts.SyntaxKind.UnknownKeyword) || node.type?.getText(source) === 'Promise<unknown>';
      if (takesName && untyped) found.push(`${at(node)} takes a command name with unknown input or output`);
    }
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const')) {
      let inner: ts.Expression = node.expression;
      while (ts.isParenthesizedExpression(inner) || ts.isAwaitExpression(inner)) inner = inner.expression;
      if (ts.isCallExpression(inner) && inner.arguments.some((arg) => ts.isStringLiteral(arg) && COMMAND_NAMES.has(arg.text))) found.push(`${at(node)} casts the answer of ${inner.getText(source).slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the operator commands', () => {
  it('are called through the typed call only: no command name beside unknown, no cast of an answer', () => {
    expect(FILES.flatMap(({ path, source }) => untypedOperatorCalls(path, source))).toEqual([]);
  });
});
