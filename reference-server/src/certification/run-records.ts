import type { CertificateRef } from '../certificates/index.js';
import type { StoredRecord } from '../store/index.js';
import type { CheckId } from './checks.js';

/** A run of the integration certification, in its organisation's scope. */
export const RUNS = 'certification_runs';
/** One record per running run (scope: its organisation): the driver's durable job (driver.ts). */
export const RUN_JOBS = 'certification_jobs';
/**
 * GLOBAL: the credentials and OAuth client of running runs (`key:<keyId>`, `client:<clientId>`),
 * so a request learns in one count whether any run watches anything, and in one lookup which.
 */
export const WATCHED = 'certification_watched';
/**
 * The open (ready or running) runs, one record per organisation (scope: the organisation) and one
 * for the whole server (GLOBAL): what a start counts against the limits, read `forUpdate` in the
 * transaction that writes the run, so two starts at the limit are decided one after the other
 * (run-limit.ts).
 */
export const OPEN_RUNS = 'certification_open_runs';

export type Outcome = 'pass' | 'fail' | 'warn' | 'not_run' | 'pending';

/** What the report shows of one exchange behind an outcome (secrets never reach it). */
export interface Evidence {
  at: string;
  note: string;
  request?: { method: string; url: string; headers?: Record<string, string>; body?: string };
  response?: { status: number | null; latencyMs?: number; headers?: Record<string, string>; body?: string; error?: string };
}

export interface CheckState {
  id: CheckId;
  outcome: Outcome;
  summary: string;
  evidence: Evidence[];
}

/** Where the receiver probes are (webhook-probes.ts). */
export interface WebhookProbeState {
  /** Index of the next probe; PROBES.length once all were sent. */
  next: number;
  /** Tries to reach the receiver before it answered at all. */
  unreachable: number;
  /** The first correctly signed delivery was answered 401/403 once and is tried again (a receiver still holding another secret). */
  refusedOnce?: boolean;
  /** The idempotency probe's event: the id sent twice and what its data is about. */
  repeated?: { eventId: string; subjectId: string; secondAckAt?: string; apiCalls: number };
}

/**
 * Who sent a request, as far as the run can tell: the credential it carries (a key, or the OAuth
 * client whose access token it is) and its User-Agent. A trap is tied to the client it
 * answered, and only that client's next requests decide its check (docs/certification.md,
 * "How requests are attributed").
 */
export interface ClientRef {
  /** Stable across the client's requests: `key:<keyId> ua:<User-Agent>`. */
  id: string;
  /** For a summary: `the automation key, User-Agent "got"`. */
  label: string;
}

/** Where the API client scenario is (api-scenario.ts). */
export interface ApiScenarioState {
  retryAfter: { phase: 'armed' | 'sent' | 'done'; sentAt?: number; client?: ClientRef };
  transient: { phase: 'waiting' | 'armed' | 'sent' | 'done'; method?: string; path?: string; client?: ClientRef };
  bounded: { phase: 'waiting' | 'armed' | 'faulting' | 'done'; startedAt?: number; attempts: number; client?: ClientRef };
  create: { phase: 'armed' | 'dropped' | 'done'; recordId?: string; client?: ClientRef };
  pages: { expect?: string; followed: number };
}

/** What an authorization request asked for, as graded (never more of a stranger's text than the redirect URI, cut short). */
export interface AuthorizeFacts {
  redirect: string | null;
  registered: boolean;
  state: boolean;
  challenge: boolean;
  /** `S256`, `plain`, `other` or null. */
  challengeMethod: string | null;
}

/** An authorization request naming the run's client, held until its browser completes sign-in and consent (unproven.ts). */
export interface HeldAuthorize {
  at: number;
  /** A digest of the browser's random page id. */
  browser: string;
  facts: AuthorizeFacts;
}

/** A request that named the run's client without proving to be it: shown on the run page, never graded. */
export interface NotCountedLine {
  at: string;
  note: string;
}

/** What the OAuth observer has seen of the run's client (oauth-watch.ts). */
export interface OAuthObservation {
  /** Authorization requests waiting for their browser to complete sign-in and consent (bounded). */
  held?: HeldAuthorize[];
  /** A code exchange succeeded: the client holds a refresh token. */
  connected: boolean;
  /** When the latest access token issued to the client expires (epoch ms). */
  accessExpiresAt?: number;
  refreshes: number;
  revoked: boolean;
}

export interface RunCredentials {
  automationKeyId?: string;
  developerKeyId?: string;
  oauthClientId?: string;
  subscriptionId?: string;
  /** The subscription was the organisation's own (`subscriptionId` given): the run probes it and leaves it in place. */
  subscriptionBorrowed?: boolean;
}

export interface RunOptions {
  /** How long the persistent 503 of `api.bounded-retries` lasts. */
  faultWindowMs: number;
  /** The lifetime of the run client's access tokens. */
  accessTokenTtlS: number;
  /** How long the run lasts once its checks begin (absent on runs made before runs could wait). */
  timeoutMs?: number;
}

/** How a run ended; `endText` (outcomes.ts) words it for the reports. */
export type RunEnd =
  | { reason: 'decided' }
  | { reason: 'command_exited'; exitCode: number }
  | { reason: 'command_signalled'; signal: string }
  | { reason: 'timeout' }
  /** A `ready` run nobody began before its deadline. */
  | { reason: 'never_begun' }
  /** `certify run` itself was stopped (SIGINT, SIGTERM: Ctrl-C, a CI job's timeout). */
  | { reason: 'interrupted'; signal: string }
  | { reason: 'operator' }
  | { reason: 'workspace'; by: string }
  | { reason: 'lost' };

export interface RunRecord extends StoredRecord {
  /** `crt_…` */
  id: string;
  orgId: string;
  /**
   * `ready`: made, its credentials working, waiting for the partner to begin the checks
   * (`beginRun`) once the integration is configured; nothing is graded or probed yet.
   */
  status: 'ready' | 'running' | 'passed' | 'failed';
  startedAt: string;
  /** When its checks began (null while `ready`; absent on runs made before runs could wait). */
  begunAt?: string | null;
  finishedAt: string | null;
  /** How it ended; absent while it runs (and on runs finished before this was recorded). */
  ended?: RunEnd;
  /** The run ends by itself at this time (epoch ms), whatever is still pending; a `ready` run too, never begun. */
  deadline: number;
  /** Who started it: a user's email, `operator`, or `certify run`. */
  startedBy: string;
  integration: { name: string; webhookUrl: string | null; redirectUris: string[] };
  credentials: RunCredentials;
  options: RunOptions;
  checks: CheckState[];
  webhook: WebhookProbeState;
  api: ApiScenarioState;
  oauth: OAuthObservation;
  /** Requests that named the run's client and never proved to be it: the latest few and how many in all. */
  notCounted?: { total: number; latest: NotCountedLine[] };
  /** The integration's explanations, by check id (explanations.ts); absent on runs without any. */
  explanations?: Record<string, string>;
  /** The certificate issued as the run passed (certificate.ts); absent on runs that did not. */
  certificate?: CertificateRef;
}

export interface RunJob extends StoredRecord {
  /** The run's id. */
  id: string;
  nextAt: number;
}

export interface OpenRunsRecord extends StoredRecord {
  id: 'open';
  runs: Array<{ orgId: string; runId: string }>;
}

export interface WatchedRecord extends StoredRecord {
  /** `key:<keyId>` or `client:<clientId>` */
  id: string;
  orgId: string;
  runId: string;
}
