/**
 * The renderer's Content-Security-Policy, one string for the desktop app (sent as a header by
 * the app:// protocol) and the browser edition (a meta tag in the built page). Nothing remote:
 * scripts, workers, styles, fonts and data all come from the app itself.
 * 'unsafe-inline' styles are needed by Monaco and React style props; scripts stay strict.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** As an HTTP header (desktop app:// protocol) it can also forbid framing, which a meta tag cannot. */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
