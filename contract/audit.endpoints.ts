import { z } from 'zod';
import { InstParam, PageQuery } from './common.contract';
import { endpoint } from './endpoint';
import { AuditChainReport, AuditEvent, AuditQuery } from './audit.contract';

const tags = ['Audit'];

/** The audit log of an institution and the check of its hash chain (docs/audit.md). */
export const auditEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/institutions/:instId/auditEvents',
    params: InstParam,
    query: PageQuery.extend(AuditQuery.shape),
    response: { 200: z.array(AuditEvent) },
    permission: 'audit.read',
    paged: true,
    tags,
  }),
  verify: endpoint({
    method: 'GET',
    path: '/institutions/:instId/audit/verify',
    params: InstParam,
    response: { 200: AuditChainReport },
    permission: 'audit.read',
    tags,
  }),
};
