import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { updateStamped } from '../../platform/crud/stamp';
import { labelPrinters } from './labels.table';

// All of the labels module's SQL: the one printer of an institution.

export type PrinterRow = typeof labelPrinters.$inferSelect;
export interface PrinterAddress {
  ipAddress: string;
  port: number;
}

/** The institution's printer row, or null when none is set up. */
export async function findPrinter(db: Db, institutionId: number): Promise<PrinterRow | null> {
  const [row] = await db.select().from(labelPrinters).where(eq(labelPrinters.institutionId, institutionId)).limit(1);
  return row ?? null;
}

/** Changes the printer's address, guarded by its concurrency stamp (a stale one is a 409). */
export async function updatePrinter(tx: Db, institutionId: number, id: number, stamp: string, values: PrinterAddress) {
  const { before, after } = await updateStamped(
    tx,
    labelPrinters,
    eq(labelPrinters.institutionId, institutionId),
    id,
    stamp,
    values,
    'Printer',
  );
  return { before, after: after as PrinterRow };
}

/** The institution's first printer; null when another save created it first (one printer per institution). */
export async function insertPrinter(
  tx: Db,
  institutionId: number,
  accountId: number,
  values: PrinterAddress,
): Promise<PrinterRow | null> {
  const [created] = await tx
    .insert(labelPrinters)
    .values({ ...values, institutionId, creatorId: accountId, enablerId: accountId })
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}
