-- An account's posted rows by posted date: month-end (statements, interest) reads a month of them,
-- and the posted balance before a month from the rows since, without reading the account's older history.
CREATE INDEX "transactions_account_posted_date_idx" ON "transactions" USING btree ("account_number", "posted_date") WHERE "transactions"."status" = 'posted' and "transactions"."deleted_at" is null;
