import { z } from 'zod';
import { endpoint } from './endpoint';

/** The answer while the database answers; 503 `HealthDown` when it does not (the route adds that response). */
export const HealthUp = z.object({ status: z.literal('ok'), database: z.string() });
export const HealthDown = z.object({ status: z.literal('unavailable'), database: z.string() });
/** Ready for traffic: the database answers and holds this version's migrations; otherwise a 503 problem. */
export const Ready = z.object({ status: z.literal('ready'), database: z.string() });

/** Liveness and readiness for load balancers and the operations checks (docs/operations.md): public, no session. */
export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    response: { 200: HealthUp },
    permission: 'public',
    tags: ['Health'],
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    response: { 200: Ready },
    permission: 'public',
    tags: ['Health'],
  }),
};
