import { defineErrors } from '../../platform/errors';

/** Why a receipt file does not answer this shipment: another receiver, another manifest, a sample not shipped. */
export type ReceiptMismatch =
  | { kind: 'receiver'; from: string; fromAbbreviation: string; to: string }
  | { kind: 'manifest'; sha: string }
  | { kind: 'sample'; sampleId: string };
const receiptMismatchWhy = (why: ReceiptMismatch) =>
  why.kind === 'receiver'
    ? `it comes from ${why.from} (${why.fromAbbreviation}), and this shipment went to ${why.to}.`
    : why.kind === 'manifest'
      ? `it answers the manifest ${why.sha}…, which was not exported for this shipment.`
      : `sample ${why.sampleId} is not in this shipment.`;

/** The shipments module's errors: code `shipments.<key>`, status, human title. */
export const shipmentErrors = defineErrors('shipments', {
  same_institution: { status: 400, title: 'Choose another institution to receive the shipment.' },
  sending_institution: { status: 400, title: 'A shipment is sent from the institution you are working in.' },
  receiving_institution: { status: 400, title: 'Choose an existing institution to receive the shipment.' },
  receiving_site: { status: 400, title: 'Choose an enabled site of the receiving institution.' },
  sending_site: { status: 400, title: 'Choose an enabled site of your institution as the sending site.' },
  protocol: { status: 400, title: 'Choose a collection protocol of your institution.' },
  no_items: { status: 400, title: 'Add at least one sample before sending the shipment.' },
  sample_not_found: {
    status: 404,
    title: (id: number) => `Collected sample ${id} not found.`,
    text: (id: number) => ({ values: { id } }),
  },
  in_open_shipment: {
    status: 409,
    title: (sampleId: string, shipment: string) => `Sample ${sampleId} is already in the open shipment "${shipment}".`,
    text: (sampleId: string, shipment: string) => ({ values: { sampleId, shipment } }),
  },
  sample_disabled: {
    status: 409,
    title: (sampleId: string) => `Sample ${sampleId} is disabled and cannot be shipped.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  nothing_left: {
    status: 409,
    title: (sampleId: string) => `Sample ${sampleId} has nothing remaining to ship.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  received_elsewhere: {
    status: 409,
    title: (sampleId: string, receiver: string) =>
      `Sample ${sampleId} was received by ${receiver}: it is no longer here to ship.`,
    text: (sampleId: string, receiver: string) => ({ values: { sampleId, receiver } }),
  },
  too_many: {
    status: 409,
    title: (max: number) => `A shipment holds at most ${max} samples.`,
    text: (max: number) => ({ values: { max } }),
  },
  not_draft: { status: 409, title: 'Samples are added only to a draft shipment.' },
  not_receivable: {
    status: 409,
    title: (status: string) => `This shipment is ${status}: its items cannot be received or rejected.`,
    text: (status: string) => ({ variant: status.replace(/\s+/g, '_'), values: {} }),
  },
  item_processed: {
    status: 409,
    title: (sampleId: string, status: string) => `Sample ${sampleId} is already ${status}.`,
    text: (sampleId: string, status: string) => ({ variant: status, values: { sampleId } }),
  },
  // Bulk accept and reject: each refused item in the problem's `items`, the whole call one 409 naming the first ones.
  item_not_in_shipment: {
    status: 404,
    title: (itemId: number) => `Item ${itemId} is not in this shipment.`,
    text: (itemId: number) => ({ values: { itemId } }),
  },
  item_stale: {
    status: 409,
    title: (sampleId: string) => `Sample ${sampleId} was changed by someone else: reload the shipment and try again.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  items_refused: {
    status: 409,
    title: (verb: 'received' | 'rejected', refused: readonly { title: string; sampleId: string | null }[]) =>
      `Nothing was ${verb}: ${refused
        .slice(0, 3)
        .map((r) => r.title.replace(/\.$/, ''))
        .join('; ')}${refused.length > 3 ? `; and ${refused.length - 3} more` : ''}.`,
    // Another language names the refused samples (each item's own title is in the problem's `items`).
    text: (verb: 'received' | 'rejected', refused: readonly { title: string; sampleId: string | null }[]) => ({
      variant: refused.length > 4 ? `${verb}_more` : refused.length === 4 ? `${verb}_more_one` : verb,
      values: {
        samples: refused
          .slice(0, 3)
          .map((r) => r.sampleId ?? '?')
          .join(', '),
        more: refused.length - 3,
      },
    }),
  },
  receiver_only: { status: 403, title: 'Only the receiving institution receives or rejects items.' },
  sender_only: { status: 403, title: 'Only the sending institution changes this shipment.' },
  cannot_cancel: {
    status: 409,
    title: (status: string) => `This shipment is ${status} and cannot be cancelled.`,
    text: (status: string) => ({ variant: status.replace(/\s+/g, '_'), values: {} }),
  },
  processed_items: {
    status: 409,
    title: 'Items of this shipment were already received or rejected: it cannot be cancelled.',
  },
  manifest_not_sent: {
    status: 409,
    title: (status: string) =>
      `This shipment is ${status}: only a sent shipment has a manifest for another installation.`,
    text: (status: string) => ({ variant: status.replace(/\s+/g, '_'), values: {} }),
  },
  manifest_invalid: { status: 400, title: 'This file is not a shipment manifest this system can import.' },
  manifest_wrong_signer: {
    status: 403,
    title: (title: string, abbreviation: string, signer: string, signerAbbreviation: string) =>
      `This manifest says it comes from ${title} (${abbreviation}) but is signed by ${signer} (${signerAbbreviation}): refused.`,
    text: (title: string, abbreviation: string, signer: string, signerAbbreviation: string) => ({
      values: { title, abbreviation, signer, signerAbbreviation },
    }),
  },
  manifest_wrong_receiver: {
    status: 403,
    title: (title: string, abbreviation: string) =>
      `This manifest is addressed to ${title} (${abbreviation}), not to your institution.`,
    text: (title: string, abbreviation: string) => ({ values: { title, abbreviation } }),
  },
  manifest_imported: {
    status: 409,
    title: (name: string) => `This manifest was already imported as the shipment "${name}".`,
    text: (name: string) => ({ values: { name } }),
  },
  receipt_invalid: { status: 400, title: 'This file is not a shipment receipt this system can import.' },
  receipt_wrong_signer: {
    status: 403,
    title: (receiver: string, signer: string) =>
      `This receipt says it comes from ${receiver} but is signed by ${signer}: refused.`,
    text: (receiver: string, signer: string) => ({ values: { receiver, signer } }),
  },
  receipt_other_shipment: {
    status: 409,
    title: (why: ReceiptMismatch) => `This receipt is not for this shipment: ${receiptMismatchWhy(why)}`,
    text: (why: ReceiptMismatch) => ({ variant: why.kind, values: { ...why } }),
  },
  receipt_conflict: {
    status: 409,
    title: (sampleId: string, here: string, there: string) =>
      `Sample ${sampleId} is ${here} here but ${there} in the receipt: nothing was changed.`,
    text: (sampleId: string, here: string, there: string) => ({ variant: `${here}_${there}`, values: { sampleId } }),
  },
  receipt_not_imported: {
    status: 409,
    title:
      'Only a shipment imported from another installation’s manifest has a receipt file: this one is received here directly.',
  },
  receipt_not_ready: {
    status: 409,
    title: 'Items of this shipment are still pending: a receipt is issued once every item is received or rejected.',
  },
  manifest_no_site: { status: 409, title: 'Your institution has no enabled site to receive the shipment at.' },
});
