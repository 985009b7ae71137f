import { z } from 'zod';
import { endpoint } from './endpoint';

/** The answer while the database answers; 503 `HealthDown` when it does not (the route adds that response). */
export const HealthUp = z.object({ status: z.literal('ok'), database: z.string() });
export const HealthDown = z.object({ status: z.literal('unavailable'), database: z.string() });

/** Liveness for load balancers and the operations checks (docs/operations.md): public, no session. */
export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    response: { 200: HealthUp },
    permission: 'public',
    tags: ['Health'],
  }),
};
