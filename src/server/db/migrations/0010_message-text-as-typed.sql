-- Decision 022: message content is stored as typed (tags removed), no longer HTML-escaped.
-- Rows written under the old rule are unescaped; &amp; goes last so "&amp;lt;" becomes "&lt;".
UPDATE "messages" SET "content" = replace(replace(replace(replace(replace(replace(
  "content", '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#x27;', ''''), '&amp;', '&')
WHERE "content" LIKE '%&%';
