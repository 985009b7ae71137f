// The accounts module's public surface: what sign-in needs to know about an account.
export {
  credentialsOf,
  membersAmong,
  membershipInstitutionIds,
  passwordHashOf,
  setAccountLanguage,
  setPasswordHash,
  signInAccounts,
} from './accounts.repository';
