// The auth module's public surface: ending an account's sessions (password change, disable).
export { revokeSessions } from './auth.repository';
