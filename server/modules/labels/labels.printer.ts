import net from 'node:net';
import type { AppError } from '../../platform/errors';
import { labelErrors } from './labels.errors';

export interface PrinterAddress { ipAddress: string; port: number }
export interface SendOptions { connectTimeoutMs?: number; totalTimeoutMs?: number }

const where = (p: PrinterAddress) => `${p.ipAddress}:${p.port}`;
const badGateway = (p: PrinterAddress, what: string) => labelErrors.printer_unreachable(where(p), what);
const gatewayTimeout = (p: PrinterAddress, what: string) => labelErrors.printer_timeout(where(p), what);

function connectError(p: PrinterAddress, err: NodeJS.ErrnoException): AppError {
  switch (err.code) {
    case 'ECONNREFUSED':
      return badGateway(p, `refused the connection. Check that it is switched on and that the address and port are right.`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return badGateway(p, `cannot be reached from the server's network.`);
    case 'ECONNRESET':
    case 'EPIPE':
      return badGateway(p, `closed the connection before the labels were sent.`);
    default:
      return badGateway(p, `could not be used (${err.code ?? err.message}).`);
  }
}

/**
 * Sends ZPL to a Zebra printer's raw port (9100): connect, write, half-close, and wait for the printer
 * to close its side, which it does once it has taken the job. The connect has its own short timeout and
 * the whole exchange a total one, so a silent printer becomes a clear 504 and no request hangs.
 */
export function sendToPrinter(printer: PrinterAddress, zpl: string, opts: SendOptions = {}): Promise<{ bytes: number }> {
  const { connectTimeoutMs = 3000, totalTimeoutMs = 5000 } = opts;
  const data = Buffer.from(zpl, 'utf8');
  return new Promise((resolve, reject) => {
    let connected = false;
    let written = false;
    let settled = false;
    const socket = net.createConnection({ host: printer.ipAddress, port: printer.port });
    const finish = (err: AppError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      socket.destroy();
      if (err) reject(err);
      else resolve({ bytes: data.length });
    };
    const connectTimer = setTimeout(() => {
      if (!connected) finish(gatewayTimeout(printer, `did not answer.`));
    }, connectTimeoutMs);
    const totalTimer = setTimeout(() => finish(gatewayTimeout(printer, written
      ? 'did not confirm the labels. Check the printer before printing again.'
      : 'did not take the labels in time.')), totalTimeoutMs);

    socket.once('connect', () => {
      connected = true;
      socket.end(data, () => { written = true; });
    });
    socket.on('data', () => { /* printers may answer status bytes; nothing to read */ });
    socket.once('error', (err: NodeJS.ErrnoException) => finish(connectError(printer, err)));
    socket.once('close', () => {
      if (written) finish(null);
      else finish(badGateway(printer, `closed the connection before the labels were sent.`));
    });
  });
}
