-- application_types.workflow_id was stored before processes existed (issue 11 adds the table and
-- the foreign key in the next migration): no id stored so far can name a process, so they are
-- cleared, or the constraint could not be added. Hand-written: drizzle-kit writes no data changes.
UPDATE "application_types" SET "workflow_id" = NULL WHERE "workflow_id" IS NOT NULL;
