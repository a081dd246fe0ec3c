// The inspect room's browser-safe face: what the inspect page's components may import. Types of
// the answer, and the pure rules the page applies before asking (the private marker).
export type { FileEntry } from "./capture";
export { PRIVATE_MESSAGE, type CheckAnswer } from "./result";
export type { HistoryEntry } from "./store";
export { hasPrivateMarker } from "../shared/inspect-url";
