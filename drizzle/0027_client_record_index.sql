-- A client's record (server/clients/reputation.ts: About the Client on every project page, and
-- /clients/{id}) counts their projects by status. Through projects_user_idx that read one heap
-- block per project of the client (a client with 79 projects: 74 blocks read, 12.6 ms cold); with
-- (user_id, status) the counts are index-only.
CREATE INDEX "projects_user_status_idx" ON "projects" USING btree ("user_id","status");
