// The budgets room's table (sql/112_budgets.sql): a domain's budgets in the owner's order.
import { namedQuery, type Queryable } from "../db";
import type { Budget } from "../shared/budgets";

export const budgetsOf = namedQuery("budgets.list", (sql: Queryable, domainId: number) =>
  sql<Budget[]>`SELECT pattern, grams, bytes::float8 AS bytes FROM budgets WHERE domain_id = ${domainId} ORDER BY position`,
);

/** The domain's budgets become `budgets`, in their order, in one transaction. */
export const replaceBudgets = namedQuery("budgets.replace", (sql, domainId: number, budgets: readonly Budget[]) =>
  sql.begin(async (tx) => {
    await tx`DELETE FROM budgets WHERE domain_id = ${domainId}`;
    const rows = budgets.map((b, position) => ({ domain_id: domainId, position, pattern: b.pattern, grams: b.grams, bytes: b.bytes }));
    if (rows.length) await tx`INSERT INTO budgets ${tx(rows)}`;
  }),
);
