-- Issue 29: trades come only from completed orders. The trades agents recorded by hand before
-- that ("Record trade") stay in history, marked manual; volume never counts them.
UPDATE "transactions" SET "manual" = true WHERE "kind" = 'trade' AND "order_id" IS NULL;
