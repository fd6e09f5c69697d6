-- The operator's draft branding (issue 29): what the console edits and previews before publishing
-- it onto the account's own columns (name, tagline, logo_url, primary_color, contact_email,
-- contact_phone), which are all travellers see. Null: no draft (the published branding is edited).
ALTER TABLE "accounts" ADD COLUMN "branding_draft" jsonb;
