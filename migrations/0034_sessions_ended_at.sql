-- When a person's sessions were last ended (a new password, a reset, a take-back), in epoch ms. Refresh tokens are
-- revoked at that moment already; access tokens are stateless JWTs that live 15 minutes, so the web's pages (which
-- read this row on every request anyway) and the API's writes refuse an access token signed before it (ADR 115).
ALTER TABLE `users` ADD COLUMN `sessions_ended_at` integer;
