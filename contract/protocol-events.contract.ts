import { z } from 'zod';
import { MSG, msgf } from './messages';
import {
  optionalId,
  RecordBase,
  requiredId,
  requiredText as required,
  trimmedText,
  typedNumber,
  WholeListQuery,
} from './common.contract';
import { code2, quantity } from './protocols.contract';

// Events and their specimen requirement trees (spec 2 §3, §5).

const requiredCode = code2.min(1, MSG.required);
const eventPoint = typedNumber({
  min: -1e9,
  max: 1e9,
  tooSmall: msgf('atLeastValue', { min: -1000000000 }),
  tooLarge: msgf('atMost', { max: 1000000000 }),
});

export const EventInput = z.object({
  label: required(200),
  eventCode: requiredCode,
  eventPoint: eventPoint.default(0),
  collectionProtocolEventUnitOfMeasurementId: requiredId,
  institutionSiteId: optionalId,
  collectionProtocolId: optionalId,
});
/** What the service receives (parsed); the web's form holds `EventValues`. */
export type EventInput = z.output<typeof EventInput>;
export type EventValues = z.input<typeof EventInput>;

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
export const ProtocolEvent = RecordBase.extend({
  collectionProtocolId: z.number(),
  label: z.string(),
  eventCode: z.string(),
  eventPoint: z.number(),
  unitId: z.number(),
  unit: Ref,
  institutionSiteId: z.number().nullable(),
  institutionSite: Ref,
  /** eventPoint x the unit's ToMinuteConversionRate: the list's order. */
  minutes: z.number(),
});
export type ProtocolEvent = z.infer<typeof ProtocolEvent>;

/** Most nodes one requirement tree may hold (a command is one transaction). */
export const MAX_TREE_ITEMS = 200;

/**
 * A child item of the tree, flat: `key` names it within the command, `parentKey` its parent item
 * (absent: a child of the requirement, or of `parentItemId` when adding to a stored tree).
 */
export const RequirementItemInput = z.object({
  key: required(40),
  parentKey: trimmedText(40)
    .nullish()
    .transform((v) => v || null),
  subSampleLineageId: requiredId,
  specimenTypeId: requiredId,
  initialQuantity: quantity,
  /** Defaults to the parent's unit; an aliquot always has its parent's unit. */
  unitOfMeasurementId: optionalId,
});
/** What the service receives (parsed); the web's form holds `RequirementItemValues`. */
export type RequirementItemInput = z.output<typeof RequirementItemInput>;
export type RequirementItemValues = z.input<typeof RequirementItemInput>;

export const RequirementInput = z.object({
  title: required(200),
  code: requiredCode,
  initialQuantity: quantity.default(0),
  unitOfMeasurementId: requiredId,
  specimenTypeId: requiredId,
  anatomicSiteId: optionalId,
  pathologicalStatusId: optionalId,
  specimenCollectionProcedureId: optionalId,
  collectionProtocolEventId: optionalId,
  items: z
    .array(RequirementItemInput)
    .max(MAX_TREE_ITEMS, msgf('atMostItems', { max: MAX_TREE_ITEMS }))
    .default([]),
});
/** What the service receives (parsed); the web's form holds `RequirementValues`. */
export type RequirementInput = z.output<typeof RequirementInput>;
export type RequirementValues = z.input<typeof RequirementInput>;

/** Adds items to a stored tree: under `parentItemId`, or under the requirement itself. */
export const ItemsInput = z.object({
  parentItemId: optionalId,
  items: z
    .array(RequirementItemInput)
    .min(1, MSG.addItem)
    .max(MAX_TREE_ITEMS, msgf('atMostItems', { max: MAX_TREE_ITEMS })),
});
/** What the service receives (parsed); the web's form holds `ItemsValues`. */
export type ItemsInput = z.output<typeof ItemsInput>;
export type ItemsValues = z.input<typeof ItemsInput>;

/**
 * One item as spec 2 §3/§7 writes it (one POST per item; `parentCollectionProtocolEventSpecimenRequirementItemID`
 * null or absent for a top-level item). The requirement is the path's; a body naming another is refused.
 */
export const SpecRequirementItemInput = z.object({
  specimenTypeId: requiredId,
  subSampleLineageId: requiredId,
  initialQuantity: quantity,
  unitOfMeasurementId: optionalId,
  collectionProtocolEventSpecimenRequirementId: optionalId,
  parentCollectionProtocolEventSpecimenRequirementItemId: optionalId,
});
/** What the service receives (parsed); the web's form holds `SpecRequirementItemValues`. */
export type SpecRequirementItemInput = z.output<typeof SpecRequirementItemInput>;
export type SpecRequirementItemValues = z.input<typeof SpecRequirementItemInput>;

/**
 * The body of the add-items call: our tree form (`items`) or the spec's one item, normalised here (the
 * one place) to the tree form; `single` says the spec's form came in, answered with the new item.
 */
export const AddItemsBody = z.union([ItemsInput, SpecRequirementItemInput]).transform((b) =>
  'items' in b
    ? { ...b, single: false as const, requirementId: undefined }
    : {
        parentItemId: b.parentCollectionProtocolEventSpecimenRequirementItemId,
        items: [
          {
            key: 'item',
            parentKey: null,
            subSampleLineageId: b.subSampleLineageId,
            specimenTypeId: b.specimenTypeId,
            initialQuantity: b.initialQuantity,
            unitOfMeasurementId: b.unitOfMeasurementId,
          },
        ],
        single: true as const,
        requirementId: b.collectionProtocolEventSpecimenRequirementId,
      },
);
export type AddItemsBody = z.output<typeof AddItemsBody>;

const UnitRef = z.object({ id: z.number(), unitName: z.string().nullable(), unitSymbol: z.string().nullable() });

export interface RequirementItemNode {
  id: number;
  parentItemId: number | null;
  subSampleLineage: z.infer<typeof Ref>;
  specimenType: z.infer<typeof Ref>;
  initialQuantity: number;
  unitOfMeasurement: z.infer<typeof UnitRef>;
  createdDate: string;
  children: RequirementItemNode[];
}
/**
 * One item of the tree. `children` holds items of this same shape, to any depth; it is declared
 * loosely because OpenAPI components cannot hold zod's recursive `$defs` (the interface above is exact).
 */
export const RequirementItemNode = z.object({
  id: z.number(),
  parentItemId: z.number().nullable(),
  subSampleLineage: Ref,
  specimenType: Ref,
  initialQuantity: z.number(),
  unitOfMeasurement: UnitRef,
  createdDate: z.string(),
  children: z.array(z.unknown()).describe('Items of this same shape (RequirementItemNode), to any depth'),
});

/** The answer to the spec's one-item POST: the new item, with the spec's id fields flat. */
export const SpecRequirementItem = RequirementItemNode.extend({
  specimenTypeId: z.number().nullable(),
  subSampleLineageId: z.number().nullable(),
  unitOfMeasurementId: z.number(),
  collectionProtocolEventSpecimenRequirementId: z.number(),
  parentCollectionProtocolEventSpecimenRequirementItemId: z.number().nullable(),
});
export type SpecRequirementItem = z.infer<typeof SpecRequirementItem>;

/** GET ...collectionProtocolEventSpecimenRequirementItems: the top-level items, paged (read whole by default); children ride along. */
export const RequirementItemsQuery = WholeListQuery.pick({ pageNumber: true, pageSize: true });

export const Requirement = z.object({
  id: z.number(),
  collectionProtocolEventId: z.number(),
  title: z.string(),
  code: z.string(),
  initialQuantity: z.number(),
  unitOfMeasurement: UnitRef,
  specimenType: Ref,
  anatomicSite: Ref,
  pathologicalStatus: Ref,
  specimenCollectionProcedure: Ref,
  createdDate: z.string(),
  children: z.array(RequirementItemNode),
});
export type Requirement = z.infer<typeof Requirement>;
