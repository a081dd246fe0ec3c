"use client";
// Events: each event with its count; a row expands into its values. Pro only.
import { LOCKED, type ListRow, type Locked } from "../../../src/shared/stats";
import { NO_DATA_FOR_RANGE } from "./Campaigns";
import { ListWidget } from "./ListWidget";

export function Events({ rows, limit }: { rows: ListRow[] | Locked; limit: number }) {
  return (
    <ListWidget
      id="events"
      title="Events"
      rows={rows === LOCKED ? [] : rows}
      locked={rows === LOCKED}
      limit={limit}
      columns={["Event", "Count"]}
      empty={NO_DATA_FOR_RANGE}
    />
  );
}
