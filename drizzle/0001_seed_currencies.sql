-- The currencies of the spec; all use two minor-unit digits.
INSERT INTO "currencies" ("code", "name", "exponent") VALUES
  ('GHS', 'Ghanaian cedi', 2),
  ('KES', 'Kenyan shilling', 2),
  ('NGN', 'Nigerian naira', 2),
  ('ETB', 'Ethiopian birr', 2),
  ('USD', 'US dollar', 2),
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2)
ON CONFLICT ("code") DO NOTHING;
