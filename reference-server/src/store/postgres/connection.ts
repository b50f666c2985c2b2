/** Whether a `--database-url` / `--to` / `--from` names a PostgreSQL database rather than a folder. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

/**
 * The connection string as it may be shown (logs, command output, errors): the password replaced
 * by `***`, wherever it is given (the URL's userinfo or a `password=` parameter).
 */
export function redactConnectionString(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL we can take apart: hide everything between the scheme and the host.
    return url.replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1***@').replace(/(password=)[^&]*/gi, '$1***');
  }
  if (parsed.password) parsed.password = '***';
  if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
  return parsed.toString().replace('password=%2A%2A%2A', 'password=***');
}

/** An error whose message may quote the connection string (or its password), made safe to print. */
export function redactError(error: unknown, url: string): Error {
  const secrets = new Set<string>([url]);
  try {
    const parsed = new URL(url);
    if (parsed.password) secrets.add(parsed.password).add(decodeURIComponent(parsed.password));
    const fromQuery = parsed.searchParams.get('password');
    if (fromQuery) secrets.add(fromQuery);
  } catch {
    // Nothing more to take apart: the whole string is hidden where it appears.
  }
  let message = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) if (secret) message = message.split(secret).join(secret === url ? redactConnectionString(url) : '***');
  const safe = new Error(message);
  safe.name = error instanceof Error ? error.name : 'Error';
  return safe;
}
