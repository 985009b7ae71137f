import { protocolEndpoints as e } from '../../../contract/protocols.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { filterRows, pageOf, sendPage } from '../../platform/paging';
import * as protocols from './protocols.service';
import * as consents from './consents.service';
import * as sites from './sites.service';
import * as events from './events.service';
import * as requirements from './requirements.service';
import * as enrolments from './enrolments.service';
import * as signed from './participant-consents.service';

export function protocolRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.list, async (req, ctx, reply) => sendPage(reply, req.query, await protocols.listProtocols(ctx, req.query)));
  route(e.create, async (req, ctx, reply) => reply.status(201).send(await protocols.createProtocol(ctx, req.body)));
  route(e.count, async (_req, ctx) => protocols.countProtocols(ctx));
  route(e.get, async (req, ctx) => protocols.getProtocol(ctx, req.params.protocolId));
  route(e.update, async (req, ctx) => protocols.updateProtocol(ctx, req.params.protocolId, req.body));

  route(e.consents, async (req, ctx, reply) =>
    sendPage(reply, req.query, await consents.listConsents(ctx, req.params.protocolId, req.query)),
  );
  route(e.createConsent, async (req, ctx, reply) =>
    reply.status(201).send(await consents.createConsent(ctx, req.params.protocolId, req.body)),
  );
  route(e.consent, async (req, ctx) => consents.getConsent(ctx, req.params.protocolId, req.params.consentId));
  route(e.updateConsent, async (req, ctx) =>
    consents.updateConsent(ctx, req.params.protocolId, req.params.consentId, req.body),
  );
  route(e.consentVersions, async (req, ctx) =>
    consents.listConsentVersions(ctx, req.params.protocolId, req.params.consentId),
  );
  route(e.disableConsent, async (req, ctx) =>
    consents.disableConsent(ctx, req.params.protocolId, req.params.consentId),
  );

  // Sites, events and their specimen requirement trees (spec 2 §7 "Protocol area").
  route(e.sites, async (req, ctx, reply) =>
    sendPage(reply, req.query, await sites.listSites(ctx, req.params.protocolId, req.query)),
  );
  route(e.addSites, async (req, ctx) => sites.addSites(ctx, req.params.protocolId, req.body));
  route(e.removeSite, async (req, ctx) => sites.removeSite(ctx, req.params.protocolId, req.params.siteId));

  route(e.events, async (req, ctx, reply) =>
    sendPage(reply, req.query, await events.listEvents(ctx, req.params.protocolId, req.query)),
  );
  route(e.createEvent, async (req, ctx, reply) =>
    reply.status(201).send(await events.createEvent(ctx, req.params.protocolId, req.body)),
  );
  route(e.event, async (req, ctx) => events.getEvent(ctx, req.params.protocolId, req.params.eventId));

  route(e.requirements, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      pageOf(
        filterRows(
          await requirements.listRequirements(ctx, req.params.protocolId, req.params.eventId),
          req.query,
          (r) => [r.title, r.code, r.specimenType?.title],
        ),
        req.query,
      ),
    ),
  );
  route(e.createRequirement, async (req, ctx, reply) =>
    reply
      .status(201)
      .send(await requirements.createRequirement(ctx, req.params.protocolId, req.params.eventId, req.body)),
  );
  // The same items calls at the protocol's level and under the requirement's event (which they also check).
  route(e.items, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      await requirements.listItems(ctx, req.params.protocolId, req.params.requirementId, null, req.query),
    ),
  );
  route(e.addItems, async (req, ctx, reply) =>
    reply
      .status(201)
      .send(await requirements.addItemsCall(ctx, req.params.protocolId, req.params.requirementId, req.body, null)),
  );
  route(e.eventItems, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      await requirements.listItems(ctx, req.params.protocolId, req.params.requirementId, req.params.eventId, req.query),
    ),
  );
  route(e.addEventItems, async (req, ctx, reply) =>
    reply
      .status(201)
      .send(
        await requirements.addItemsCall(
          ctx,
          req.params.protocolId,
          req.params.requirementId,
          req.body,
          req.params.eventId,
        ),
      ),
  );

  // Spec 2 §7 "Protocol participants": enrolment, the paged list, disable; signed and withdrawn consents.
  route(e.participants, async (req, ctx, reply) =>
    sendPage(reply, req.query, await enrolments.listParticipants(ctx, req.params.protocolId, req.query, req.query)),
  );
  route(e.enrol, async (req, ctx, reply) =>
    reply.status(201).send(await enrolments.enrol(ctx, req.params.protocolId, req.body)),
  );
  route(e.participant, async (req, ctx) =>
    enrolments.getParticipant(ctx, req.params.protocolId, req.params.participantId),
  );
  route(e.disableParticipant, async (req, ctx) =>
    enrolments.disableParticipant(ctx, req.params.protocolId, req.params.participantId),
  );

  route(e.participantConsents, async (req, ctx) =>
    signed.listParticipantConsents(ctx, req.params.protocolId, req.query),
  );
  route(e.signConsent, async (req, ctx, reply) =>
    reply.status(201).send(await signed.signConsent(ctx, req.params.protocolId, req.body)),
  );
  route(e.participantConsent, async (req, ctx) =>
    signed.getParticipantConsent(ctx, req.params.protocolId, req.params.participantConsentId),
  );
  route(e.withdrawConsent, async (req, ctx) =>
    signed.withdrawConsent(ctx, req.params.protocolId, req.params.participantConsentId, req.body),
  );
}
