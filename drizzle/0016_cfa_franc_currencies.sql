-- The two CFA francs, where Orange Money (and MTN MoMo) operate: West African (XOF: Senegal,
-- Côte d'Ivoire, Mali, Burkina Faso, …) and Central African (XAF: Cameroon, …). Both have no minor
-- unit (ISO 4217 exponent 0): 1500 XOF is stored as 1500.
INSERT INTO "currencies" ("code", "name", "exponent") VALUES
  ('XOF', 'West African CFA franc', 0),
  ('XAF', 'Central African CFA franc', 0)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- Every merchant has one wallet per currency (lib/books/wallets/open-wallets.ts): open the new ones.
INSERT INTO "wallets" ("merchant_id", "currency_id")
SELECT m."id", c."id" FROM "merchants" m CROSS JOIN "currencies" c WHERE c."code" IN ('XOF', 'XAF')
ON CONFLICT ("merchant_id", "currency_id") DO NOTHING;
