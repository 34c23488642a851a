-- Customers' languages: the catalogue now has more than English and French, so a checkout keeps any
-- language code (which ones exist is the application's list), and a merchant may set the hosted page's
-- default language (used when neither the customer's choice nor their browser names one).
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_customer_locale_check";--> statement-breakpoint
ALTER TABLE "branding" ADD COLUMN "default_locale" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_customer_locale_check" CHECK ("checkouts"."customer_locale" ~ '^[a-z]{2,3}$');--> statement-breakpoint
ALTER TABLE "branding" ADD CONSTRAINT "branding_default_locale_check" CHECK ("branding"."default_locale" ~ '^[a-z]{2,3}$');