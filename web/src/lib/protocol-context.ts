import { createContext, useContext } from 'react';
import type { Protocol } from '@contract/protocols.contract';

/** The protocol the user is inside (spec 2 §2 "Collection protocol wrapper"): set once it has loaded. */
export const ProtocolContext = createContext<Protocol | null>(null);

export function useCurrentProtocol(): Protocol {
  const protocol = useContext(ProtocolContext);
  if (!protocol) throw new Error('useCurrentProtocol outside a protocol page');
  return protocol;
}

/** The address of a page inside the protocol, e.g. protocolPath(p, 'consents'). */
export const protocolPath = (protocol: { id: number }, sub = 'overview') =>
  `/collection-protocols/${protocol.id}/${sub}`;
