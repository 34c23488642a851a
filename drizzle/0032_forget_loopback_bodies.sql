-- Answers kept before the service stopped keeping them, from endpoints allowed to reach loopback (the sandbox
-- opt-in): their bodies could be an internal service's, so only the note it now keeps instead remains.
UPDATE "webhook_attempts" AS a
   SET "response_body" = '(body not kept: the answer came from a loopback or private address)'
  FROM "webhook_deliveries" AS d
  JOIN "webhook_endpoints" AS e ON e."id" = d."endpoint_id"
 WHERE a."delivery_id" = d."id" AND e."allow_loopback" AND a."response_body" IS NOT NULL;
