"use client";
// Events: each event with its count; a row expands into its values. Pro only.
import type { ListRow, Locked } from "../../../src/stats/contract";
import { NO_DATA_FOR_RANGE } from "./Campaigns";
import { ListWidget } from "./ListWidget";

export function Events({ rows, limit }: { rows: ListRow[] | Locked; limit: number }) {
  return (
    <ListWidget
      id="events"
      title="Events"
      rows={rows === "locked" ? [] : rows}
      locked={rows === "locked"}
      limit={limit}
      columns={["Event", "Count"]}
      empty={NO_DATA_FOR_RANGE}
    />
  );
}
