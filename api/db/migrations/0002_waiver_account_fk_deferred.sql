-- Custom migration (drizzle-kit generate --custom): drizzle cannot declare a deferrable
-- foreign key. The catalog seed deletes and re-inserts accounts (same ids) in one
-- transaction; checking waivers.account_id at commit keeps signed waivers across a re-seed,
-- while an account that really disappears still cannot leave orphaned waivers.
ALTER TABLE "waivers" ALTER CONSTRAINT "waivers_account_id_accounts_id_fk" DEFERRABLE INITIALLY DEFERRED;
