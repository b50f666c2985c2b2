-- Up Migration

-- The rate limits' and the sign-in throttle's counters, shared by every server on the database
-- (docs/decisions/rate-limits-across-servers.md). rate-limiter-flexible's RateLimiterPostgres
-- reads and writes it with its own SQL (an INSERT … ON CONFLICT per counted request), so the
-- columns are its columns, in its order: the limiter's key (`<prefix>:<key>`), the points used in
-- the window, and when the window ends (milliseconds since the epoch, NULL for never).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

-- The sweep of ended windows: DELETE … WHERE expire < $1.
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- Down Migration

DROP TABLE rate_limits;
