import type { ComponentChildren } from 'preact';
import { Button, ErrorSummary, PostForm, SummaryList, TextField, Layout, PRODUCT_NAME, renderDocument } from '../pages/index.js';
import type { OAuthScope } from '../tenancy/index.js';
import { SCOPE_DESCRIPTIONS } from './scopes.js';

/**
 * The sign-in pages (login, consent, the error page) in the same layout, components and
 * stylesheet as every other page: plain HTML forms that work without script, from 320 px up.
 */
const SERVICE = 'Sign in';

/** The values a form carries through from the request that showed it (the authorize parameters). */
function HiddenFields({ fields }: { fields: Record<string, string | undefined> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (value === undefined ? null : <input type="hidden" name={name} value={value} />))}
    </>
  );
}

/** Who is signed in, and for which organisation: what a page about connecting an application shows first. */
function SignedInAs({ user, organizationName }: { user: { name: string; email: string }; organizationName: string }) {
  return (
    <SummaryList
      rows={[
        { key: 'Signed in as', value: `${user.name} (${user.email})` },
        { key: 'Organisation', value: organizationName },
      ]}
    />
  );
}

export interface LoginPageProps {
  /** The application being connected; absent when signing in to the workspace itself. */
  clientName?: string;
  /** Where the form posts: the authorize flow's login or the workspace sign-in. */
  action: string;
  csrfToken: string;
  fields: Record<string, string | undefined>;
  email?: string;
  error?: string;
}

function LoginPage({ clientName, action, csrfToken, fields, email, error }: LoginPageProps) {
  return (
    <Layout title="Sign in" service={SERVICE} hasErrors={Boolean(error)}>
      {error ? <ErrorSummary errors={[{ field: 'email', message: error }]} /> : null}
      <h1>Sign in to continue</h1>
      {clientName ? (
        <p>
          Use your {PRODUCT_NAME} investor account to connect <strong>{clientName}</strong>.
        </p>
      ) : (
        <p>Use your {PRODUCT_NAME} investor account to open your organisation's workspace.</p>
      )}
      <PostForm action={action} csrfToken={csrfToken}>
        <HiddenFields fields={fields} />
        <TextField id="email" label="Work email" type="email" autocomplete="username" maxLength={320} value={email ?? ''} {...(error ? { error } : {})} />
        <TextField id="password" label="Password" type="password" autocomplete="current-password" maxLength={1024} />
        <Button>Sign in</Button>
      </PostForm>
      {clientName ? <p class="muted">You will be asked to confirm what {clientName} can access before anything is shared.</p> : null}
    </Layout>
  );
}

export interface ConsentPageProps {
  clientName: string;
  redirectHost: string;
  user: { name: string; email: string };
  organizationName: string;
  scopes: readonly OAuthScope[];
  csrfToken: string;
  fields: Record<string, string | undefined>;
  switchAccountUrl: string;
  /** Days a grant lasts unused (the refresh token lifetime). */
  idleDays: number;
}

function ConsentPage(page: ConsentPageProps) {
  return (
    <Layout title={`Allow ${page.clientName}`} service={SERVICE}>
      <h1 class="long-words">
        {page.clientName} wants to access your {PRODUCT_NAME} account
      </h1>
      <SignedInAs user={page.user} organizationName={page.organizationName} />
      <p>
        <a href={page.switchAccountUrl}>Not you? Sign in with another account</a>
      </p>
      <h2 id="scopes-heading">{page.clientName} will be able to:</h2>
      <ul aria-labelledby="scopes-heading">
        {page.scopes.map((scope) => (
          <li>
            <strong>{SCOPE_DESCRIPTIONS[scope].title}</strong>: {SCOPE_DESCRIPTIONS[scope].detail}
          </li>
        ))}
      </ul>
      <PostForm action="/api/oauth/authorize/consent" csrfToken={page.csrfToken}>
        <HiddenFields fields={page.fields} />
        <div class="button-group">
          <Button name="decision" value="allow">
            Allow access
          </Button>
          <Button variant="secondary" name="decision" value="deny">
            Deny
          </Button>
        </div>
      </PostForm>
      <p class="muted">
        Allowing sends you back to <strong>{page.redirectHost}</strong>. {page.clientName}'s access lasts until it is revoked or left unused for {page.idleDays} days.
      </p>
    </Layout>
  );
}

/** A request the sign-in cannot go on with (an unknown client, a redirect URI not registered). */
function SignInErrorPage({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <Layout title={title} service={SERVICE} hasErrors>
      <div class="notice" role="alert">
        We could not continue this sign-in.
      </div>
      <h1>{title}</h1>
      {children}
    </Layout>
  );
}

export interface OtherOrganisationProps {
  clientName: string;
  user: { name: string; email: string };
  organizationName: string;
  switchAccountUrl: string;
}

/**
 * An application registered for another organisation (a certification run's client): the signed-in
 * user cannot connect it, and nothing is sent to its redirect URI, which that organisation chose.
 */
export const otherOrganisationDocument = (page: OtherOrganisationProps): string =>
  renderDocument(
    <SignInErrorPage title="This application belongs to another organisation">
      <p>
        <strong>{page.clientName}</strong> was registered for another organisation, so it cannot be connected to your account. No access was given and
        nothing was sent to the application.
      </p>
      <SignedInAs user={page.user} organizationName={page.organizationName} />
      <p>
        <a href={page.switchAccountUrl}>Sign in with an account of the application’s organisation</a>, or close this page and ask whoever sent you the link.
      </p>
    </SignInErrorPage>,
  );

export const loginDocument = (props: LoginPageProps): string => renderDocument(<LoginPage {...props} />);
export const consentDocument = (props: ConsentPageProps): string => renderDocument(<ConsentPage {...props} />);
export const signInErrorDocument = (title: string, message: string): string =>
  renderDocument(
    <SignInErrorPage title={title}>
      <p>{message}</p>
    </SignInErrorPage>,
  );
