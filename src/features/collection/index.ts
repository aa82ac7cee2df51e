// What other features use of collection (the only file they may import from here; the import
// rules are in scripts/check-imports): the study page's collection-server card.
export { CollectionPanel } from "./CollectionPanel.tsx";
