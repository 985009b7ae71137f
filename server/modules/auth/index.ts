// The auth module's public surface: ending an account's sessions (password change, disable), and the guard's
// token check that server/app.ts hands to platform, and the read-your-writes marks (platform/heavy-reads.ts).
export { markSessionWrite, revokeSessions, sessionWroteWithin } from './auth.repository';
export { resolveToken, SessionCache } from './auth.service';
