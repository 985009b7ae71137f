import { z } from 'zod';
import { Id, InstParam, PagingQuery } from './common.contract';
import { endpoint } from './endpoint';
import { Institution, InstitutionInput, InstitutionUpdate, Site, SiteInput, SiteUpdate } from './institutions.contract';

const tags = ['Institutions'];
const SiteParams = InstParam.extend({ siteId: Id });

/** spec 1 §7: institutions and their sites. */
export const institutionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/institutions',
    query: PagingQuery,
    response: { 200: z.array(Institution) },
    permission: 'signedIn',
    paged: true,
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/institutions/:instId',
    params: InstParam,
    response: { 200: Institution },
    permission: 'signedIn',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/institutions',
    body: InstitutionInput,
    response: { 201: Institution },
    permission: 'institutions.create',
    tags,
  }),
  // spec 1 §7: "PUT institutions (edit the institution itself)": the id travels in the body.
  updateByBody: endpoint({
    method: 'PUT',
    path: '/institutions',
    body: InstitutionUpdate.extend({ id: Id }),
    response: { 200: Institution },
    permission: 'institutions.manage',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/institutions/:instId',
    params: InstParam,
    body: InstitutionUpdate,
    response: { 200: Institution },
    permission: 'institutions.manage',
    tags,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/institutions/:instId/disable',
    params: InstParam,
    response: { 200: Institution },
    permission: 'institutions.create',
    tags,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/institutions/:instId/enable',
    params: InstParam,
    response: { 200: Institution },
    permission: 'institutions.create',
    tags,
  }),

  sites: endpoint({
    method: 'GET',
    path: '/institutions/:instId/institutionSites',
    params: InstParam,
    query: PagingQuery,
    response: { 200: z.array(Site) },
    permission: 'signedIn',
    anyInstitution: true,
    paged: true,
    tags,
  }),
  site: endpoint({
    method: 'GET',
    path: '/institutions/:instId/institutionSites/:siteId',
    params: SiteParams,
    response: { 200: Site },
    permission: 'configuration.read',
    tags,
  }),
  createSite: endpoint({
    method: 'POST',
    path: '/institutions/:instId/institutionSites',
    params: InstParam,
    body: SiteInput,
    response: { 201: Site },
    permission: 'sites.manage',
    tags,
  }),
  updateSite: endpoint({
    method: 'PUT',
    path: '/institutions/:instId/institutionSites/:siteId',
    params: SiteParams,
    body: SiteUpdate,
    response: { 200: Site },
    permission: 'sites.manage',
    tags,
  }),
  disableSite: endpoint({
    method: 'POST',
    path: '/institutions/:instId/institutionSites/:siteId/disable',
    params: SiteParams,
    response: { 200: Site },
    permission: 'sites.manage',
    tags,
  }),
  enableSite: endpoint({
    method: 'POST',
    path: '/institutions/:instId/institutionSites/:siteId/enable',
    params: SiteParams,
    response: { 200: Site },
    permission: 'sites.manage',
    tags,
  }),
};
