import net from 'node:net';
import dns from 'node:dns/promises';
import { labelErrors } from './labels.errors';

export interface PrinterAddress {
  ipAddress: string;
  port: number;
}
export interface SendOptions {
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** The ports a printer may use (PRINTER_PORTS); default 9100 only. */
  allowedPorts?: readonly number[];
}

/**
 * Addresses a printer may never have (issue 26): they reach the server itself or its link, not a
 * printer on the lab network. IPv4: unspecified 0/8, loopback 127/8, link-local 169.254/16 (cloud
 * metadata), multicast 224/4, reserved and broadcast 240/4. IPv6: unspecified, loopback, link-local
 * fe80::/10, multicast ff00::/8, and every IPv6 form that carries an IPv4 address (mapped ::ffff:0:0/96,
 * the old compatible ::/96, NAT64 64:ff9b::/96) is judged by that IPv4 address. Private LAN ranges
 * (10/8, 172.16/12, 192.168/16) and unique-local IPv6 (fc00::/7) stay allowed: printers live there.
 */
const refused = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address an IPv6 address carries in its last 32 bits (mapped, compatible, NAT64), if it is such a form. */
function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const prefixes = ['::ffff:', '::', '64:ff9b::'];
  for (const prefix of prefixes) {
    if (!lower.startsWith(prefix)) continue;
    const rest = lower.slice(prefix.length);
    if (net.isIPv4(rest)) return rest;
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
    if (hex) {
      const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
      return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
    }
  }
  return null;
}

/** True when the address must not be a printer (see `refused`); anything that is not an IP address too. */
export function forbiddenPrinterAddress(ip: string): boolean {
  const version = net.isIP(ip);
  if (version === 4) return refused.check(ip, 'ipv4');
  if (version !== 6) return true;
  if (refused.check(ip, 'ipv6')) return true;
  const v4 = embeddedIpv4(ip);
  return v4 !== null && refused.check(v4, 'ipv4');
}

/**
 * The address to connect to, checked: a port outside PRINTER_PORTS or an address that reaches the server
 * itself is refused before any connection (a setting saved before the rule; a host name is resolved once
 * here, every address it resolves to is checked, and the checked address is the one connected to).
 */
async function checkedAddress(printer: PrinterAddress, allowedPorts: readonly number[]): Promise<string> {
  if (!allowedPorts.includes(printer.port)) throw labelErrors.printer_not_allowed();
  let addresses: string[];
  if (net.isIP(printer.ipAddress)) {
    addresses = [printer.ipAddress];
  } else {
    try {
      addresses = (await dns.lookup(printer.ipAddress, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      addresses = [];
    }
  }
  if (!addresses.length || addresses.some(forbiddenPrinterAddress)) throw labelErrors.printer_not_allowed();
  return addresses[0];
}

/**
 * Sends ZPL to a Zebra printer's raw port (9100): connect, write, half-close, and wait for the printer
 * to close its side, which it does once it has taken the job. The connect has its own short timeout and
 * the whole exchange a total one, so no request hangs. Every failure (refused, reset, unreachable, silent,
 * no confirmation) answers the same 502 with the same message, and only once the total time limit is
 * over: neither the answer nor its timing tells a closed port from a silent host (issue 26).
 */
export async function sendToPrinter(
  printer: PrinterAddress,
  zpl: string,
  opts: SendOptions = {},
): Promise<{ bytes: number }> {
  const { connectTimeoutMs = 3000, totalTimeoutMs = 5000, allowedPorts = [9100] } = opts;
  const host = await checkedAddress(printer, allowedPorts);
  const data = Buffer.from(zpl, 'utf8');
  const started = Date.now();
  const ok = await new Promise<boolean>((resolve) => {
    let connected = false;
    let written = false;
    let settled = false;
    const socket = net.createConnection({ host, port: printer.port });
    const finish = (printed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      socket.destroy();
      resolve(printed);
    };
    const connectTimer = setTimeout(() => {
      if (!connected) finish(false);
    }, connectTimeoutMs);
    const totalTimer = setTimeout(() => finish(false), totalTimeoutMs);

    socket.once('connect', () => {
      connected = true;
      socket.end(data, () => {
        written = true;
      });
    });
    socket.on('data', () => {
      /* printers may answer status bytes; nothing to read */
    });
    socket.once('error', () => finish(false));
    socket.once('close', () => finish(written));
  });
  if (ok) return { bytes: data.length };
  const left = totalTimeoutMs - (Date.now() - started);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  throw labelErrors.printer_unreachable(`${printer.ipAddress}:${printer.port}`);
}
