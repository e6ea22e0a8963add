-- Each project's search vector stays in its row (docs/decisions/0045-search-vector-in-row.md): a
-- text search walked in newest-first order tests every row it passes against the vector, and a
-- vector moved out to TOAST cost three more page reads per row. MAIN keeps it inline and lets the
-- description and features move out first. Rows written from now on; existing rows keep their
-- layout until they are updated or the table is rewritten (docs/operations.md).
ALTER TABLE "projects" ALTER COLUMN "search_vector" SET STORAGE MAIN;
