import { z } from 'zod';
import { InstParam } from './common.contract';
import { endpoint } from './endpoint';
import { LabelJob, Printer, PrinterInput, PrintResult } from './labels.contract';

const tags = ['Labels'];
/** The PDF's bytes (a Buffer on the server): typed as bytes for the handler, documented as a binary string. */
const PdfBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/** spec 2 §7 Printing, done on the server too: the printer setting, ZPL, PDF sheets and raw-port printing. */
export const labelEndpoints = {
  printer: endpoint({
    method: 'GET',
    path: '/institutions/:instId/labels/printer',
    params: InstParam,
    response: { 200: Printer.nullable() },
    permission: 'labels.print',
    tags,
  }),
  savePrinter: endpoint({
    method: 'PUT',
    path: '/institutions/:instId/labels/printer',
    params: InstParam,
    body: PrinterInput,
    response: { 200: Printer },
    permission: 'printer.configure',
    tags,
  }),
  zpl: endpoint({
    method: 'POST',
    path: '/institutions/:instId/labels/zpl',
    params: InstParam,
    body: LabelJob,
    response: { 200: { description: 'ZPL II text', content: { 'text/plain': { schema: z.string() } } } },
    permission: 'labels.print',
    tags,
  }),
  pdf: endpoint({
    method: 'POST',
    path: '/institutions/:instId/labels/pdf',
    params: InstParam,
    body: LabelJob,
    response: { 200: { description: 'A PDF sheet of labels', content: { 'application/pdf': { schema: PdfBytes } } } },
    permission: 'labels.print',
    tags,
  }),
  print: endpoint({
    method: 'POST',
    path: '/institutions/:instId/labels/print',
    params: InstParam,
    body: LabelJob,
    response: { 200: PrintResult },
    permission: 'labels.print',
    tags,
  }),
};
