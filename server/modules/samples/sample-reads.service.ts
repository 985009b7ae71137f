import type { SampleHistoryEntry, SampleListQuery, SampleTreeNode } from '../../../contract/samples.contract';
import type { InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { fill, wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { sayLedger } from './ledger-words';
import { offsetOf } from '../../platform/paging';
import type { Db } from '../../db/client';
import { protocolOf, reconsentsOf, withdrawalsOf } from '../protocols';
import {
  accountNamesOf,
  descendantsOf,
  enabledSampleCount,
  sampleEventsOf,
  sampleInProtocol,
  samplePage,
  samplesWithIds,
} from './samples.repository';

// The read routes' rows check samples.read in the path's institution; a command that answers with
// getSample or samplesByIds has checked its own permission (every role that collects also reads).

/** The protocol's samples, newest first, paged. */
export async function listSamples(ctx: InstCtx, protocolId: number, q: SampleListQuery) {
  await protocolOf(ctx, protocolId);
  return samplePage(ctx.db, ctx.institutionId, protocolId, q, offsetOf(q), ctx.language);
}

/** Any protocol's samples of the institution (New Order's COLLECTED SAMPLE ID tab: `SampleID`, exact). */
export async function listInstitutionSamples(ctx: InstCtx, q: SampleListQuery) {
  return samplePage(ctx.db, ctx.institutionId, null, q, offsetOf(q), ctx.language);
}

/** GET collectedSamples/count (spec 1 §7, the dashboard): enabled samples of every protocol of the institution, like patients/count. */
export async function countSamples(ctx: InstCtx) {
  return enabledSampleCount(ctx.db, ctx.institutionId);
}

/** `protocolId` null: any sample of the institution (a received one has no protocol). */
export async function getSample(ctx: InstCtx, protocolId: number | null, id: number, db: Db = ctx.db) {
  const row = await sampleInProtocol(db, ctx.institutionId, protocolId, id, ctx.language);
  if (!row) throw notFound('Collected sample');
  return row;
}

/** Samples by id in the given order (a command's answer). */
export async function samplesByIds(ctx: InstCtx, ids: number[]) {
  return samplesWithIds(ctx.db, ctx.institutionId, ids, ctx.language);
}

/** Most nodes a tree answer holds. */
const MAX_TREE = 5000;

/** A sample with all its descendants and their remaining amounts (children oldest first). */
export async function sampleTree(ctx: InstCtx, protocolId: number, id: number): Promise<SampleTreeNode> {
  const root = await getSample(ctx, protocolId, id);
  const nodes = new Map<number, SampleTreeNode>([[root.id, { ...root, children: [] }]]);
  for (const s of await descendantsOf(ctx.db, ctx.institutionId, id, MAX_TREE, ctx.language))
    nodes.set(s.id, { ...s, children: [] });
  for (const n of nodes.values())
    if (n.id !== root.id && n.parentSampleId && nodes.has(n.parentSampleId))
      nodes.get(n.parentSampleId)!.children.push(n);
  return nodes.get(root.id)!;
}

type Detail = {
  summary: string;
  amount?: number | null;
  remainingAfter?: number | null;
  otherSample?: { id: number; sampleId: string } | null;
  reason?: string | null;
  /** Copied from the sender's timeline at receipt: where it happened. */
  institution?: string;
};

/**
 * The sample's timeline: its own events, and the donor's consent withdrawals; oldest first. Its sentences in the
 * reader's language (issue 33): the stored ones through `sayLedger`, the consent ones made here in it.
 */
export async function sampleHistory(
  ctx: InstCtx,
  protocolId: number | null,
  id: number,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<SampleHistoryEntry[]> {
  const words = wordsOf(lng, 'samples').ledgerConsent;
  const effects: Readonly<Record<string, string>> = words.effect;
  const sample = await getSample(ctx, protocolId, id);
  const events = await sampleEventsOf(ctx.db, id);
  // A received sample has no donor here: its consent state travelled with it (sample_origins).
  const donor = sample.patientId;
  const withdrawals = donor === null ? [] : await withdrawalsOf(ctx.db, ctx.institutionId, donor);
  const reconsents = donor === null ? [] : await reconsentsOf(ctx.db, ctx.institutionId, donor);
  const who = [
    ...new Set(
      [
        ...events.map((e) => e.creatorId),
        ...withdrawals.map((w) => w.withdrawnById),
        ...reconsents.map((r) => r.signedById),
      ].filter((x): x is number => x !== null),
    ),
  ];
  const names = await accountNamesOf(ctx.db, who);
  const entries: SampleHistoryEntry[] = events.map((e) => {
    const d = e.detail as Detail;
    return {
      at: e.createdDate.toISOString(),
      kind: e.kind as SampleHistoryEntry['kind'],
      account: (e.creatorId && names.get(e.creatorId)) || null,
      summary: sayLedger(d.summary, lng),
      amount: d.amount ?? null,
      remainingAfter: d.remainingAfter ?? null,
      otherSample: d.otherSample ?? null,
      reason: d.reason ?? null,
      institution: d.institution ?? null,
    };
  });
  for (const w of withdrawals) {
    entries.push({
      at: (w.withdrawnAt ?? new Date(`${w.withdrawnDate}T00:00:00Z`)).toISOString(),
      kind: 'consent_withdrawn',
      account: (w.withdrawnById && names.get(w.withdrawnById)) || null,
      summary: fill(words.withdrew, {
        consent: w.consent,
        date: String(w.withdrawnDate),
        effect: Object.hasOwn(effects, String(w.effect))
          ? effects[String(w.effect)]
          : String(w.effect).replace(/_/g, ' '),
      }),
      amount: null,
      remainingAfter: null,
      otherSample: null,
      reason: w.reason,
      institution: null,
    });
  }
  // Re-consents (docs/protocols.md "Re-consent"): whether each covers this sample, by its collection date and time.
  const collected = `${sample.collectedDate}T${sample.collectedTime}`;
  for (const r of reconsents) {
    const from = (r.coversSamplesFrom ?? '').replace(' ', 'T').slice(0, 16);
    const covered = r.earlierSamples === 'covered' || collected >= from;
    const scope =
      r.earlierSamples === 'covered' ? words.scopeAll : fill(words.scopeFrom, { from: from.replace('T', ' ') });
    entries.push({
      at: r.signedAt.toISOString(),
      kind: 'consent_given_again',
      account: (r.signedById && names.get(r.signedById)) || null,
      summary: fill(words.again, {
        consent: r.consent,
        version: r.version,
        scope,
        state: covered ? words.covered : words.blocked,
      }),
      amount: null,
      remainingAfter: null,
      otherSample: null,
      reason: null,
      institution: null,
    });
  }
  // A received sample's history is its journey in the order it happened: the copied entries (other institutions'
  // clocks) then its own, by entry id; it has no donor here, so no consent entries to merge in by time.
  if (sample.origin === 'received') return entries;
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
