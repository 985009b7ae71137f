import { MSG } from '../messages';
import type { ProblemTitles } from './catalogue-type';

/**
 * English: the source catalogue (the spec's words, as the screens said them before issue 33). Every other
 * language's file has this shape. Namespaces by area, so areas are converted side by side without
 * collisions: `shell` (header, navigation, menus, institution picker), `auth` (sign-in, own password),
 * `messages` (contract/messages.ts: field messages, by key), `records` (record names in 'X not found.'),
 * `problems` (server problem titles by code: English stays in the errors files). Interpolation is
 * i18next's `{{name}}`; plurals are `key_one` / `key_other` (docs/languages.md).
 */
/** English has no problem titles here: they stay in the errors files. */
const problems: ProblemTitles = {};

export const en = {
  shell: {
    appName: 'Biobanking LIMS',
    skipToContent: 'Skip to content',
    toggleNavigation: 'Toggle navigation',
    mainNavigation: 'Main',
    /** Keyed by the entry's address (web/src/app/nav-items.ts). */
    nav: {
      '/': 'Home',
      '/collection-protocols': 'Collection Protocols',
      '/orders': 'Orders',
      '/shipment/overview': 'Shipments',
      '/configuration': 'Configuration',
      '/patients': 'Participants',
      '/report': 'Report',
      '/distribution-protocols': 'Distribution',
      '/catalogue': 'Catalogue',
      '/queries': 'Queries',
      '/setting': 'Setting',
      '/accounts': 'Accounts',
    },
    quick: {
      barcodeGenerator: 'Barcode Generator',
      newOrder: 'New Order',
      newParticipant: 'New Participant',
    },
    account: {
      menu: '{{name}}: account menu',
      changePassword: 'Change password',
      logout: 'Logout',
      language: 'Language',
      languageSaved: 'The screens are now in {{language}}.',
    },
    institution: {
      label: 'Institution',
      prefix: 'Institution: ',
      change: 'Change institution',
      loading: 'Loading institution',
      gone: 'The institution you had chosen is no longer available to you. Choose another.',
      loadFailed: 'Your institution could not be loaded: {{reason}}',
    },
    picker: {
      title: 'Institutions',
      intro: 'Choose the institution you want to work in.',
      search: 'Search institutions',
      loadFailed: 'The institutions could not be loaded',
      tryAgain: 'Try again',
      noMatch: "No institution matches '{{search}}'.",
      none: 'Your account does not belong to any enabled institution. Ask an administrator to add you to one.',
      showing: 'Showing {{shown}} of {{total}}; search to narrow the list.',
    },
    session: {
      loadingAccount: 'Loading your account',
      accountFailed: 'Your account could not be loaded',
      tryAgain: 'Try again',
    },
    form: {
      submit: 'Submit',
      submitAnother: 'Submit and create another',
    },
    errors: {
      notificationTitle: 'Error',
      unreachable: 'The server cannot be reached. Check your connection.',
      requestFailed: 'Request failed ({{status}}).',
    },
  },
  auth: {
    login: {
      tagline: 'Log in to your portal',
      signedOut: 'Signed out',
      email: 'Email',
      password: 'Password',
      stayLoggedIn: 'Stay logged in?',
      submit: 'Sign in',
      rights: '© 2021. All rights reserved.',
      about: 'About',
    },
    changePassword: {
      title: 'Change your password',
      current: 'Current password',
      new: 'New password',
      confirm: 'Confirm new password',
      consequence: 'Your other sessions are signed out.',
      done: 'Your password was changed.',
    },
  },
  /** contract/messages.ts's texts by key: a field message the server sends is translated by its key. */
  messages: MSG,
  /** Field names as a validation title starts ('Language: ...'); a field missing here keeps its API name. */
  fields: {
    Language: 'Language',
    OldPassword: 'Old password',
    NewPassword: 'New password',
    ConfirmPassword: 'Confirm password',
    UserName: 'User name',
    Password: 'Password',
  },
  /** Record names as `notFound(what)` names them ('Institution not found.'). */
  records: {
    Record: 'Record',
    Institution: 'Institution',
    Participant: 'Participant',
    Account: 'Account',
    Invitation: 'Invitation',
    MRN: 'MRN',
    race: 'race',
    ethnicity: 'ethnicity',
    'phone number': 'phone number',
    // samples, storage, shipments
    'Collected sample': 'Collected sample',
    'Box position': 'Box position',
    Occupancy: 'Occupancy',
    'Storage container': 'Storage container',
    Shipment: 'Shipment',
    'Shipment item': 'Shipment item',
  },
  problems,
};
