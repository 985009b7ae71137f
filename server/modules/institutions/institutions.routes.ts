import { z } from 'zod';
import { Id, InstParam, PagingQuery } from '../../../contract/common.contract';
import { Institution, InstitutionInput, InstitutionUpdate, Site, SiteInput, SiteUpdate } from '../../../contract/institutions.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as svc from './institutions.service';

const SiteParams = InstParam.extend({ siteId: Id });
const tags = ['Institutions'];

export function institutionRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: Parameters<typeof ctxOf>[0]) => ctxOf(req, db, now);

  app.get('/api/institutions', {
    config: { permission: 'signedIn' },
    schema: { tags, querystring: PagingQuery, response: { 200: z.array(Institution) } },
  }, async (req, reply) => sendPage(reply, req.query, await svc.listInstitutions(ctx(req), req.query)));

  app.get('/api/institutions/:instId', {
    config: { permission: 'signedIn' },
    schema: { tags, params: InstParam, response: { 200: Institution } },
  }, async (req) => (await svc.getInstitution(ctx(req), req.params.instId)));

  app.post('/api/institutions', {
    config: { permission: 'institutions.create' },
    schema: { tags, body: InstitutionInput, response: { 201: Institution } },
  }, async (req, reply) => reply.status(201).send((await svc.createInstitution(ctx(req), req.body))));

  // spec 1 §7: "PUT institutions (edit the institution itself)": the id travels in the body.
  app.put('/api/institutions', {
    config: { permission: 'institutions.manage' },
    schema: { tags, body: InstitutionUpdate.extend({ id: Id }), response: { 200: Institution } },
  }, async (req) => (await svc.updateInstitution(ctx(req), req.body.id, req.body)));

  app.put('/api/institutions/:instId', {
    config: { permission: 'institutions.manage' },
    schema: { tags, params: InstParam, body: InstitutionUpdate, response: { 200: Institution } },
  }, async (req) => (await svc.updateInstitution(ctx(req), req.params.instId, req.body)));

  for (const [action, enabled] of [['disable', false], ['enable', true]] as const) {
    app.post(`/api/institutions/:instId/${action}`, {
      config: { permission: 'institutions.create' },
      schema: { tags, params: InstParam, response: { 200: Institution } },
    }, async (req) => (await svc.setInstitutionEnabled(ctx(req), req.params.instId, enabled)));
  }

  app.get('/api/institutions/:instId/institutionSites', {
    config: { permission: 'signedIn', anyInstitution: true },
    schema: { tags, params: InstParam, querystring: PagingQuery, response: { 200: z.array(Site) } },
  }, async (req, reply) => sendPage(reply, req.query, await svc.listSites(ctx(req), req.query)));

  app.get('/api/institutions/:instId/institutionSites/:siteId', {
    config: { permission: 'configuration.read' },
    schema: { tags, params: SiteParams, response: { 200: Site } },
  }, async (req) => (await svc.getSite(ctx(req), req.params.siteId)));

  app.post('/api/institutions/:instId/institutionSites', {
    config: { permission: 'sites.manage' },
    schema: { tags, params: InstParam, body: SiteInput, response: { 201: Site } },
  }, async (req, reply) => reply.status(201).send((await svc.createSite(ctx(req), req.body))));

  app.put('/api/institutions/:instId/institutionSites/:siteId', {
    config: { permission: 'sites.manage' },
    schema: { tags, params: SiteParams, body: SiteUpdate, response: { 200: Site } },
  }, async (req) => (await svc.updateSite(ctx(req), req.params.siteId, req.body)));

  for (const [action, enabled] of [['disable', false], ['enable', true]] as const) {
    app.post(`/api/institutions/:instId/institutionSites/:siteId/${action}`, {
      config: { permission: 'sites.manage' },
      schema: { tags, params: SiteParams, response: { 200: Site } },
    }, async (req) => (await svc.setSiteEnabled(ctx(req), req.params.siteId, enabled)));
  }
}

