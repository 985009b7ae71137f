import { defineErrors } from '../../platform/errors';

/** The accounts module's errors: code `accounts.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const accountErrors = defineErrors('accounts', {
  super_admin_grant: { status: 403, title: 'Only a Super Administrator may grant the Super Administrator role.' },
  super_admin_toggle: { status: 403, title: 'Only a Super Administrator may grant or revoke Super Administrator.' },
  super_admin_target: { status: 403, title: "Only a Super Administrator may change a Super Administrator's account." },
  not_administered: { status: 403, title: 'You may manage accounts only in institutions you administer.' },
  other_institution: {
    status: 403,
    title:
      'This account also belongs to an institution you do not administer; only an administrator of all its institutions may change it.',
  },
  email_taken: { status: 409, title: 'An account with this e-mail already exists.' },
  already_member: { status: 409, title: 'The account already belongs to this institution.' },
  admin_password_wrong: { status: 400, title: 'Your administrator password is incorrect.' },
  old_password_wrong: { status: 400, title: 'The old password is incorrect.' },
  own_super_admin: { status: 400, title: 'You cannot revoke your own Super Administrator role.' },
  own_disable: { status: 400, title: 'You cannot disable your own account.' },
});
