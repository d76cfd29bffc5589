import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import { careDocuments, careDocumentShares } from "~/platform/db/schema";

// A care plan's tasks for the visit note (docs/product-rules.md, "Care documents"): the tasks of the care plans
// the family shares with the order, for the note of a visit of that order, which only its caregiver writes.

export type CarePlanTasks = { documentId: string; title: string; tasks: string[] };

/** The care plans with tasks shared with `orderId`, by title. */
export async function carePlanTasksOfOrder(executor: Executor, orderId: string): Promise<CarePlanTasks[]> {
  return executor
    .select({ documentId: careDocuments.id, title: careDocuments.title, tasks: careDocuments.tasks })
    .from(careDocumentShares)
    .innerJoin(careDocuments, eq(careDocuments.id, careDocumentShares.documentId))
    .where(
      and(
        eq(careDocumentShares.orderId, orderId),
        eq(careDocuments.kind, "care_plan"),
        isNull(careDocuments.deletedAt),
        sql`jsonb_array_length(${careDocuments.tasks}) > 0`,
      ),
    )
    .orderBy(asc(careDocuments.title), asc(careDocuments.id));
}
