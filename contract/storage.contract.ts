import { z } from 'zod';
import { MSG } from './messages';
import { ConcurrencyStamp, Id, optionalId, PagingQuery, RecordBase, requiredId, requiredText, trimmedText } from './common.contract';

// The storage hierarchy (spec 2 §3 "Storage hierarchy", spec 1 §2 "Storage container creation", §5):
// container > shelf > rack > drawer > box, and the positions of a box. docs/storage.md explains the rules.

export const STORAGE_LEVELS = ['container', 'shelf', 'rack', 'drawer', 'box'] as const;
export type StorageLevel = (typeof STORAGE_LEVELS)[number];
/** The level a node's children have (a box holds positions, not nodes). */
export const childLevelOf = (level: StorageLevel): StorageLevel | null => STORAGE_LEVELS[STORAGE_LEVELS.indexOf(level) + 1] ?? null;
export const STORAGE_LEVEL_LABELS: Record<StorageLevel, string> = { container: 'Container', shelf: 'Shelf', rack: 'Rack', drawer: 'Drawer', box: 'Box' };

/** Rows and columns of any node: 1..100 each, so a box has at most 10,000 positions. */
export const MAX_STORAGE_DIMENSION = 100;
export const FILL_ORDERS = ['row', 'column'] as const;
export type FillOrder = (typeof FILL_ORDERS)[number];

const dimension = z.union([z.int(), z.string().trim().regex(/^\d{1,9}$/, 'Must be a whole number').transform(Number)], { error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? MSG.required : 'Must be a whole number') })
  .pipe(z.int().min(1, 'Must be 1 or more').max(MAX_STORAGE_DIMENSION, `At most ${MAX_STORAGE_DIMENSION}`));
const fillOrder = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(FILL_ORDERS, { error: 'Fill order is row or column' }));
const code = trimmedText(2, MSG.code2);
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
export type ContainerInput = z.input<typeof ContainerInput>;
/** A shelf, rack, drawer or box: code optional (spec 1 §3); the parent comes from the path. */
export const ChildInput = NodeFields.extend({ code: optionalCode });
export type ChildInput = z.input<typeof ChildInput>;
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

export const BoxPosition = z.object({
  id: z.number(),
  boxId: z.number(),
  code: z.string(),
  rowIndex: z.number(),
  columnIndex: z.number(),
  ordinal: z.number(),
  /** Always false until allocation is built (docs/storage.md). */
  occupied: z.boolean(),
});
export type BoxPosition = z.infer<typeof BoxPosition>;

export const TreeQuery = PagingQuery.extend({ parentId: Id.optional(), pageSize: Id.default(1000).transform((n) => Math.min(n, 1000)) });
export type TreeQuery = z.infer<typeof TreeQuery>;
export const TreeNode = z.object({
  id: z.number(),
  level: z.enum(STORAGE_LEVELS),
  parentId: z.number().nullable(),
  title: z.string(),
  code: z.string().nullable(),
  rows: z.number(),
  columns: z.number(),
  isEnabled: z.boolean(),
  childCount: z.number(),
});
export type TreeNode = z.infer<typeof TreeNode>;

/** Path parameters, one level deeper each. */
export const ContainerParams = z.object({ instId: Id, containerId: Id });
export const ShelfParams = ContainerParams.extend({ shelfId: Id });
export const RackParams = ShelfParams.extend({ rackId: Id });
export const DrawerParams = RackParams.extend({ drawerId: Id });
export const BoxParams = DrawerParams.extend({ boxId: Id });
