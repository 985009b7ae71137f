// The shipments module's public surface (issue 32 item 5): a research distribution names the shipment it left in.
export { ownShipmentOf, samplesNotInShipment, shipmentNameOf } from './shipments.repository';
