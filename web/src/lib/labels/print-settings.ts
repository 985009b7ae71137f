import { useSyncExternalStore } from 'react';

// spec 2 §3: the printer address is a local browser setting under 'barcodePrinterIP'.
const IP_KEY = 'barcodePrinterIP';
const METHOD_KEY = 'lims.printMethod';
const CHANGED = 'lims:print-settings';

/** How labels are printed: (a) the spec's browser extension, (b) the server's printer, (c) a PDF sheet. */
export type PrintMethod = 'extension' | 'server' | 'pdf';
/** The methods in the order Setting > Printer offers them; their words are `labels.printer.methods` / `methodHints`. */
export const PRINT_METHODS: readonly PrintMethod[] = ['extension', 'server', 'pdf'];

const notify = () => window.dispatchEvent(new Event(CHANGED));
const subscribe = (cb: () => void) => {
  window.addEventListener(CHANGED, cb);
  window.addEventListener('storage', cb);
  return () => {
    window.removeEventListener(CHANGED, cb);
    window.removeEventListener('storage', cb);
  };
};

export const printerIpStore = {
  get: (): string => localStorage.getItem(IP_KEY) ?? '',
  set: (ip: string) => {
    localStorage.setItem(IP_KEY, ip);
    notify();
  },
};

export const printMethodStore = {
  get: (): PrintMethod => {
    const v = localStorage.getItem(METHOD_KEY);
    return v === 'extension' || v === 'server' || v === 'pdf' ? v : 'pdf';
  },
  set: (m: PrintMethod) => {
    localStorage.setItem(METHOD_KEY, m);
    notify();
  },
};

export function usePrinterIp(): string {
  return useSyncExternalStore(subscribe, printerIpStore.get);
}

export function usePrintMethod(): PrintMethod {
  return useSyncExternalStore(subscribe, printMethodStore.get);
}
