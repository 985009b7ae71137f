import { defineErrors } from '../../platform/errors';

/** Research requests' errors (issue 32 item 5): code `requests.<key>`, status, human title. */
export const requestErrors = defineErrors('requests', {
  not_owner: { status: 403, title: 'Only the researcher who made this request may change it.' },
  not_approver: {
    status: 403,
    title: 'Only an approver named by the distribution protocol may decide on this request.',
  },
  state: {
    status: 409,
    title: (state: string, what: string) => `This request is ${state.replace('_', ' ')}: it cannot be ${what}.`,
    text: (_state: string, _what: string) => ({ values: {} }),
  },
  protocol_disabled: {
    status: 409,
    title: (title: string) => `The distribution protocol ${title} is disabled: no request can be made under it.`,
    text: (title: string) => ({ values: { title } }),
  },
  protocol_not_started: {
    status: 409,
    title: (title: string, start: string) => `The distribution protocol ${title} starts on ${start}.`,
    text: (title: string, start: string) => ({ values: { title, start } }),
  },
  protocol_ended: {
    status: 409,
    title: (title: string, end: string) => `The distribution protocol ${title} ended on ${end}.`,
    text: (title: string, end: string) => ({ values: { title, end } }),
  },
  no_protocol: { status: 400, title: 'Choose a distribution protocol of this institution.' },
  no_query: { status: 400, title: 'Choose an enabled saved query of this institution.' },
  bad_lookup: {
    status: 400,
    title: (what: string) => `${what}: choose an enabled entry of this institution's list.`,
    text: (_what: string) => ({ values: {} }),
  },
  nothing_asked: {
    status: 400,
    title: 'Say what is asked: a saved query or at least one specimen criterion.',
  },
  not_eligible: {
    status: 409,
    title: (sampleId: string) =>
      `Sample ${sampleId} is not eligible for this distribution protocol: its donor's consent does not allow it.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  sample_reserved: {
    status: 409,
    title: (sampleId: string) => `Sample ${sampleId} is already reserved for another request.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  too_many_reserved: {
    status: 409,
    title: (max: number, held: number) =>
      `A request holds at most ${max} reserved samples; this one holds ${held}: pick fewer or split the request.`,
    text: (max: number, held: number) => ({ values: { max, held } }),
  },
  over_remaining: {
    status: 409,
    title: (sampleId: string, remaining: number) =>
      `Sample ${sampleId} has ${remaining} remaining: that much cannot be reserved.`,
    text: (sampleId: string, remaining: number) => ({ values: { sampleId, remaining } }),
  },
  no_items: { status: 409, title: 'No eligible sample is reserved for this request: pick samples first.' },
  no_mta: { status: 409, title: 'File the signed material transfer agreement before distributing.' },
  no_mta_document: { status: 404, title: 'This request has no material transfer agreement yet.' },
  no_shipment: { status: 400, title: 'Choose a shipment this institution sends.' },
  item_state: {
    status: 409,
    title: (state: string, what: string) => `This sample is ${state}: it cannot be ${what}.`,
    text: (_state: string, _what: string) => ({ values: {} }),
  },
  over_return: {
    status: 409,
    title: (code: string, left: number) => `Sample ${code}: at most ${left} can still be returned.`,
    text: (code: string, left: number) => ({ values: { code, left } }),
  },
  own_request: {
    status: 403,
    title: 'You made this request: another approver must decide on it (no one approves their own request).',
  },
  shipment_not_open: {
    status: 409,
    title: (name: string) =>
      `Shipment ${name} has already been sent, received or cancelled: distribute through a draft shipment.`,
    text: (name: string) => ({ values: { name } }),
  },
  shipment_lacks_samples: {
    status: 409,
    title: (name: string, sampleIds: string) =>
      `Shipment ${name} does not hold ${sampleIds}: add the picked samples to the shipment first.`,
    text: (name: string, sampleIds: string) => ({ values: { name, sampleIds } }),
  },
  not_distributed: {
    status: 409,
    title: 'This request has not been distributed yet: there is nothing to export.',
  },
  future_signed_date: { status: 400, title: 'The agreement cannot be signed in the future.' },
});
