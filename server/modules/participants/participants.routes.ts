import { participantEndpoints as e } from '../../../contract/participants.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import * as svc from './participants.service';
import * as children from './participant-children.service';
import { KINDS } from './participant-children.service';

export function participantRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.list, async (req, ctx, reply) =>
    sendPage(reply, req.query, await svc.listPatients(ctx, req.query, req.query)),
  );
  route(e.count, async (_req, ctx) => svc.countPatients(ctx));
  route(e.get, async (req, ctx) => svc.getPatient(ctx, req.params.patientId));
  route(e.create, async (req, ctx, reply) => reply.status(201).send(await svc.createPatient(ctx, req.body)));
  route(e.register, async (req, ctx, reply) => reply.status(201).send(await svc.registerPatient(ctx, req.body)));
  route(e.update, async (req, ctx) => svc.updatePatient(ctx, req.params.patientId, req.body));
  route(e.edit, async (req, ctx) => svc.editPatient(ctx, req.params.patientId, req.body));
  route(e.mrnLookup, async (req, ctx) => svc.patientsByMrn(ctx, req.query.institutionId, req.query.mrn));

  // spec 1 §7: one child record per post, listed and disabled one by one.
  route(e.mrns, async (req, ctx, reply) =>
    sendPage(reply, req.query, await children.listChildren(ctx, KINDS.patientMRNs, req.params.patientId, req.query)),
  );
  route(e.addMrn, async (req, ctx, reply) =>
    reply.status(201).send(
      await children.addChild(ctx, KINDS.patientMRNs, req.params.patientId, {
        mrns: [{ mrn: req.body.mrn, institutionSiteId: req.body.institutionSiteId }],
      }),
    ),
  );
  route(e.disableMrn, async (req, ctx) =>
    children.disableChild(ctx, KINDS.patientMRNs, req.params.patientId, req.params.id),
  );
  route(e.races, async (req, ctx, reply) =>
    sendPage(reply, req.query, await children.listChildren(ctx, KINDS.patientRaces, req.params.patientId, req.query)),
  );
  route(e.addRace, async (req, ctx, reply) =>
    reply
      .status(201)
      .send(
        await children.addChild(
          ctx,
          KINDS.patientRaces,
          req.params.patientId,
          { races: [req.body.raceId] },
          req.body.raceId,
        ),
      ),
  );
  route(e.disableRace, async (req, ctx) =>
    children.disableChild(ctx, KINDS.patientRaces, req.params.patientId, req.params.id),
  );
  route(e.ethnicities, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      await children.listChildren(ctx, KINDS.patientEthnicities, req.params.patientId, req.query),
    ),
  );
  route(e.addEthnicity, async (req, ctx, reply) =>
    reply
      .status(201)
      .send(
        await children.addChild(
          ctx,
          KINDS.patientEthnicities,
          req.params.patientId,
          { ethnicities: [req.body.ethnicityId] },
          req.body.ethnicityId,
        ),
      ),
  );
  route(e.disableEthnicity, async (req, ctx) =>
    children.disableChild(ctx, KINDS.patientEthnicities, req.params.patientId, req.params.id),
  );
  route(e.phones, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      await children.listChildren(ctx, KINDS.patientPhoneNumbers, req.params.patientId, req.query),
    ),
  );
  route(e.addPhone, async (req, ctx, reply) =>
    reply.status(201).send(
      await children.addChild(
        ctx,
        KINDS.patientPhoneNumbers,
        req.params.patientId,
        {
          phones: [
            {
              phoneNumber: req.body.phoneNumber,
              phoneNumberTypeId: req.body.phoneNumberTypeId,
              institutionSiteId: req.body.institutionSiteId,
            },
          ],
        },
        req.body.phoneNumber,
      ),
    ),
  );
  route(e.disablePhone, async (req, ctx) =>
    children.disableChild(ctx, KINDS.patientPhoneNumbers, req.params.patientId, req.params.id),
  );
}
