import { z } from 'zod';
import { MSG, msgf } from './messages';
import {
  ConcurrencyStamp,
  Id,
  optionalId,
  PagingQuery,
  RecordBase,
  requiredId,
  requiredText,
  trimmedText,
  typedNumber,
  WholeListQuery,
} from './common.contract';

// The storage hierarchy (spec 2 §3 "Storage hierarchy", spec 1 §2 "Storage container creation", §5):
// container > shelf > rack > drawer > box (a box also straight in a shelf or a rack), and the positions of a box.
// docs/storage.md explains the rules.

export const STORAGE_LEVELS = ['container', 'shelf', 'rack', 'drawer', 'box'] as const;
export type StorageLevel = (typeof STORAGE_LEVELS)[number];
export const STORAGE_LEVEL_LABELS: Record<StorageLevel, string> = {
  container: 'Container',
  shelf: 'Shelf',
  rack: 'Rack',
  drawer: 'Drawer',
  box: 'Box',
};

/**
 * The levels a node may sit in (issue 28: any depth the lab has). The spec's chain stays; a box may also
 * sit straight in a shelf or a rack (a fridge shelf of boxes, a freezer rack without drawers).
 */
export const PARENT_LEVELS: Record<StorageLevel, readonly StorageLevel[]> = {
  container: [],
  shelf: ['container'],
  rack: ['shelf'],
  drawer: ['rack'],
  box: ['shelf', 'rack', 'drawer'],
};
/** The levels a node of `level` may hold, outermost first (a box holds positions, not nodes). */
export const childLevelsOf = (level: StorageLevel): StorageLevel[] =>
  STORAGE_LEVELS.filter((l) => PARENT_LEVELS[l].includes(level));
/** The collection segment of each level under its parent (spec 2 §7). */
export const STORAGE_SEGMENTS: Record<StorageLevel, string> = {
  container: 'storageContainers',
  shelf: 'storageContainerShelfs',
  rack: 'storageContainerRacks',
  drawer: 'storageContainerDrawers',
  box: 'storageContainerBoxes',
};
/** One node on a nested path: its id and the level its path segment names. */
export interface PathRef {
  id: number;
  level: StorageLevel;
}
/** The nested API path of a node (`/storageContainers/3/storageContainerShelfs/8/storageContainerBoxes/12`), without the institution. */
export const storagePathUrl = (path: readonly PathRef[]) =>
  path.map((n) => `/${STORAGE_SEGMENTS[n.level]}/${n.id}`).join('');

/** Rows and columns of any node: 1..100 each, so a box has at most 10,000 positions. */
export const MAX_STORAGE_DIMENSION = 100;
export const FILL_ORDERS = ['row', 'column'] as const;
export type FillOrder = (typeof FILL_ORDERS)[number];

const dimension = typedNumber({
  whole: true,
  min: 1,
  max: MAX_STORAGE_DIMENSION,
  notNumber: MSG.wholeNumberShort,
  notWhole: 'Must be a whole number',
  tooSmall: msgf('atLeast', { min: 1 }),
});
const fillOrder = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(FILL_ORDERS, { error: MSG.fillOrder }),
);
/** A storage level's code: at most 2 characters (the web's Code field shows this limit). */
export const storageCode = trimmedText(2, MSG.code2);
const code = storageCode;
/** An optional code: blank is none. */
const optionalCode = code.nullish().transform((v) => (v ? v : null));

const NodeFields = z.object({
  title: requiredText(200),
  rows: dimension,
  columns: dimension,
  positionLabelingOptionId: requiredId,
  rowLabelingSchemaId: requiredId,
  /** Required unless the position labeling option is Linear (checked on the server, which knows the option). */
  columnLabelingSchemaId: optionalId,
  fillOrder: fillOrder.default('row'),
  institutionSiteId: optionalId,
  institutionId: optionalId,
});

/** A container: its code is required (spec 1 §5). */
export const ContainerInput = NodeFields.extend({ code: code.min(1, MSG.required) });
export type ContainerInput = z.output<typeof ContainerInput>;
export type ContainerValues = z.input<typeof ContainerInput>;
/** A shelf, rack, drawer or box: code optional (spec 1 §3); the parent comes from the path. */
export const ChildInput = NodeFields.extend({ code: optionalCode });
export type ChildInput = z.output<typeof ChildInput>;
export type ChildValues = z.input<typeof ChildInput>;
export type NodeInput = z.output<typeof ChildInput> | z.output<typeof ContainerInput>;

/**
 * An edit: title, code and site; the geometry fields may be sent too (the edit form sends the whole
 * record): a box's must be unchanged (its positions exist), another node's may change if its children still fit.
 */
export const NodeUpdate = z.object({
  title: requiredText(200),
  code: optionalCode,
  institutionSiteId: optionalId,
  rows: dimension.optional(),
  columns: dimension.optional(),
  positionLabelingOptionId: optionalId,
  rowLabelingSchemaId: optionalId,
  columnLabelingSchemaId: optionalId,
  fillOrder: fillOrder.optional(),
  institutionId: optionalId,
  ...ConcurrencyStamp.shape,
});
export type NodeUpdate = z.output<typeof NodeUpdate>;

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
export const StorageNode = RecordBase.extend({
  institutionId: z.number(),
  level: z.enum(STORAGE_LEVELS),
  parentId: z.number().nullable(),
  /** The parent's level (a box's may be a shelf, rack or drawer); null for a container. */
  parentLevel: z.enum(STORAGE_LEVELS).nullable(),
  title: z.string(),
  code: z.string().nullable(),
  rows: z.number(),
  columns: z.number(),
  positionLabelingOptionId: z.number(),
  positionLabelingOption: Ref,
  /** The rule the option stands for, fixed when the node was made. */
  positionLabeling: z.enum(['linear', 'two_dimensional']),
  rowLabelingSchemaId: z.number(),
  rowLabelingSchema: Ref,
  columnLabelingSchemaId: z.number().nullable(),
  columnLabelingSchema: Ref,
  fillOrder: z.enum(FILL_ORDERS),
  institutionSiteId: z.number().nullable(),
  institutionSite: Ref,
  /** Enabled children (a box: its positions); with rows x columns it tells whether Add is possible. */
  childCount: z.number(),
  concurrencyStamp: z.string(),
});
export type StorageNode = z.infer<typeof StorageNode>;

/** A rack template's answer: the rack, then its boxes in order (Box 1 .. Box N). */
export const RackTemplateResult = z.object({ rack: StorageNode, boxes: z.array(StorageNode) });
export type RackTemplateResult = z.infer<typeof RackTemplateResult>;

const SpecimenTypeRef = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
/** The sample in a position, as the grid's hover and the allocation dialog show it. */
export const Occupant = z.object({
  occupancyId: z.number(),
  collectedSampleId: z.number(),
  sampleId: z.string(),
  specimenType: SpecimenTypeRef,
  concurrencyStamp: z.string(),
});
export type Occupant = z.infer<typeof Occupant>;

export const BoxPosition = z.object({
  id: z.number(),
  boxId: z.number(),
  code: z.string(),
  rowIndex: z.number(),
  columnIndex: z.number(),
  ordinal: z.number(),
  /** A sample is in it now (spec 2 §4: OCC); `occupant` says which. */
  occupied: z.boolean(),
  occupant: Occupant.nullable(),
});
export type BoxPosition = z.infer<typeof BoxPosition>;

export const TreeQuery = PagingQuery.extend({
  parentId: Id.optional(),
  pageSize: Id.default(1000).transform((n) => Math.min(n, 1000)),
});
export type TreeQuery = z.infer<typeof TreeQuery>;
/** One node of the tree: the node's own fields and how many children it has. */
export const TreeNode = StorageNode.pick({
  id: true,
  level: true,
  parentId: true,
  title: true,
  code: true,
  rows: true,
  columns: true,
  isEnabled: true,
}).extend({ childCount: z.number() });
export type TreeNode = z.infer<typeof TreeNode>;

/**
 * Spec 1 §7's unpaged institution lists (storageContainers, storageContainerBoxs, storageContainerDrawers): read
 * whole by default, capped at 1000 a page with the true total; `IsEnabled` and `SearchTerm` (title, code) as the nested lists.
 */
export const InstitutionNodesQuery = WholeListQuery;
/**
 * storageContainerBoxPositions and storageContainerBoxPositionOccupancies of the whole institution: `IsEnabled` is the
 * box's enabled flag for positions, and for occupancies whether the sample is still there (true) or was taken out (false).
 */
export const InstitutionPositionsQuery = WholeListQuery.pick({ pageNumber: true, pageSize: true, isEnabled: true });
export type InstitutionPositionsQuery = z.infer<typeof InstitutionPositionsQuery>;

/** Path parameters, one level deeper each. */
export const ContainerParams = z.object({ instId: Id, containerId: Id });
export const ShelfParams = ContainerParams.extend({ shelfId: Id });
export const RackParams = ShelfParams.extend({ rackId: Id });
export const DrawerParams = RackParams.extend({ drawerId: Id });
export const BoxParams = DrawerParams.extend({ boxId: Id });
export const PositionParams = BoxParams.extend({ positionId: Id });
export const OccupancyParams = PositionParams.extend({ occupancyId: Id });
/** A box straight in a shelf or a rack (issue 28): the same routes under the shorter paths. */
export const ShelfBoxParams = ShelfParams.extend({ boxId: Id });
export const RackBoxParams = RackParams.extend({ boxId: Id });

// Rack templates (issue 28): a rack and its N boxes of R x C in one call (docs/storage.md "Templates").

/** Most boxes one template makes; a box code is its number, which stays within 2 characters. */
export const MAX_TEMPLATE_BOXES = 50;
/** Most positions one template makes in all (one call, one transaction, stays bounded like one 100 x 100 box). */
export const MAX_TEMPLATE_POSITIONS = 10_000;

/**
 * POST .../storageContainerShelfs/{s}/storageContainerRacks/template: the rack's own fields (its rows x
 * columns are the places for boxes), then how many boxes and their size; one labeling serves the rack
 * and its boxes. `boxCount` defaults to filling the rack.
 */
export const RackTemplateInput = NodeFields.extend({
  code: optionalCode,
  /** Blank: fill the rack (rows x columns). */
  boxCount: z.preprocess((v) => (v === '' || v === null ? undefined : v), dimension.optional()),
  boxTitle: trimmedText(190)
    .optional()
    .transform((v) => v || 'Box'),
  boxRows: dimension,
  boxColumns: dimension,
}).superRefine((v, ctx) => {
  const count = v.boxCount ?? v.rows * v.columns;
  if (count > MAX_TEMPLATE_BOXES)
    ctx.addIssue({
      code: 'custom',
      path: ['boxCount'],
      message: msgf('templateBoxes', { max: MAX_TEMPLATE_BOXES }),
    });
  else if (count > v.rows * v.columns)
    ctx.addIssue({
      code: 'custom',
      path: ['boxCount'],
      message: msgf('rackHolds', { rows: v.rows, columns: v.columns, max: v.rows * v.columns }),
    });
  const positions = count * v.boxRows * v.boxColumns;
  if (count <= MAX_TEMPLATE_BOXES && positions > MAX_TEMPLATE_POSITIONS) {
    ctx.addIssue({
      code: 'custom',
      path: ['boxRows'],
      message: msgf('templatePositions', {
        count,
        rows: v.boxRows,
        columns: v.boxColumns,
        positions: positions.toLocaleString('en'),
        max: MAX_TEMPLATE_POSITIONS.toLocaleString('en'),
      }),
    });
  }
});
export type RackTemplateInput = z.output<typeof RackTemplateInput>;
export type RackTemplateValues = z.input<typeof RackTemplateInput>;

// Allocation (spec 2 §4, §7 "Storage"; docs/storage.md "Allocation").

/** Most samples one bulk allocation takes (a 100 x 100 box holds 10,000; one call stays bounded). */
export const MAX_BULK_ALLOCATION = 1000;

/** POST .../StorageContainerBoxPositionOccupancies: the position comes from the path (a body's position id must match it). */
export const OccupancyInput = z.object({
  collectedSampleId: requiredId,
  storageContainerBoxPositionId: optionalId,
});
export type OccupancyInput = z.output<typeof OccupancyInput>;
export type OccupancyValues = z.input<typeof OccupancyInput>;

export const VacateInput = z.object({
  ...ConcurrencyStamp.shape,
  vacateReason: requiredText(500, undefined, 'multi'),
});
export type VacateInput = z.output<typeof VacateInput>;
export type VacateValues = z.input<typeof VacateInput>;

/** POST .../storageContainerBoxes/{b}/allocate: the samples go to the box's next free positions in fill order. */
export const BulkAllocationInput = z.object({
  collectedSampleIds: z
    .array(Id, { error: MSG.giveSampleIds })
    .min(1, MSG.giveSample)
    .max(MAX_BULK_ALLOCATION, msgf('atMostSamplesAtOnce', { max: MAX_BULK_ALLOCATION }))
    .refine((ids) => new Set(ids).size === ids.length, MSG.sampleListedTwice),
});
export type BulkAllocationInput = z.output<typeof BulkAllocationInput>;
export type BulkAllocationValues = z.input<typeof BulkAllocationInput>;

/** One node on a position's path, outermost first. */
export const PathNode = z.object({
  id: z.number(),
  level: z.enum(STORAGE_LEVELS),
  title: z.string(),
  code: z.string().nullable(),
});
/** Where a position is: its nodes container > shelf > rack > drawer > box, and one line to read. */
export const StorageLocation = z.object({
  positionId: z.number(),
  positionCode: z.string(),
  rowIndex: z.number(),
  columnIndex: z.number(),
  boxId: z.number(),
  path: z.array(PathNode),
  /** "Freezer A > Shelf 1 > Rack 2 > Drawer 1 > Box 3 > B4" */
  label: z.string(),
});
export type StorageLocation = z.infer<typeof StorageLocation>;

const AccountName = z.object({ firstName: z.string(), lastName: z.string() }).nullable();
export const Occupancy = z.object({
  id: z.number(),
  storageContainerBoxPositionId: z.number(),
  collectedSampleId: z.number(),
  collectedSample: z.object({
    id: z.number(),
    sampleId: z.string(),
    specimenType: SpecimenTypeRef,
    collectionProtocolId: z.number().nullable(),
  }),
  allocatedDate: z.string(),
  allocatorAccount: AccountName,
  /** Null while the sample is in the position. */
  vacatedDate: z.string().nullable(),
  vacatorAccount: AccountName,
  vacateReason: z.string().nullable(),
  isCurrent: z.boolean(),
  concurrencyStamp: z.string(),
  location: StorageLocation,
});
export type Occupancy = z.infer<typeof Occupancy>;

export const SuggestQuery = z.object({ collectedSampleId: requiredId });
export const Suggestion = z.object({
  collectedSampleId: z.number(),
  sampleId: z.string(),
  /** Where the sample is now, if it is stored. */
  current: StorageLocation.nullable(),
  /** The first free position; null when every enabled box is full. */
  suggestion: StorageLocation.nullable(),
  /** same_kind: a box already holding samples of this protocol and specimen type; any: the first free position anywhere. */
  basis: z.enum(['same_kind', 'any']).nullable(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SamplePositionParams = z.object({ instId: Id, collectedSampleId: Id });
export const SamplePosition = z.object({
  collectedSampleId: z.number(),
  sampleId: z.string(),
  /** The current occupancy (null when the sample is not stored). */
  occupancy: Occupancy.nullable(),
});
export type SamplePosition = z.infer<typeof SamplePosition>;
