import { defineErrors } from '../../platform/errors';

/** The readiness check's refusals (GET /api/ready): code `health.<key>`, status, human title. */
export const healthErrors = defineErrors('health', {
  database_down: { status: 503, title: 'Not ready: the database does not answer.' },
  /** No version detail in the title: anyone may ask. */
  migrations_behind: {
    status: 503,
    title: "Not ready: the database lacks this version's migrations (a server of this version runs them as it starts).",
  },
});
