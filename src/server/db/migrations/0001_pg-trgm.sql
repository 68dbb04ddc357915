-- Trigram matching (typo-tolerant search). Trusted since PostgreSQL 13: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
