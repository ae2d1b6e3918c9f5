-- SQLite's own part of `movies import`, for scripts/measure-import.sh: the rows of a CSV file
-- that the sqlite3 shell's `.import` put in a table `input` (id, title, content, date, rate,
-- heart, tags), written into an empty catalog's tables by SQL alone — movies, the search
-- index, tags and taggings, foreign keys on, the plain indexes built at the end as the import
-- builds them into empty tables. No parsing or checking of fields, no history, random movie
-- ids (as the file's are) and ordered tagging ids (as the import's are).
PRAGMA foreign_keys = ON;
BEGIN;
DROP TRIGGER "_search_movies_insert";
DROP INDEX "movies_date_title_id"; DROP INDEX "movies_rate"; DROP INDEX "movie_tags_tagID";
INSERT INTO movies (rowid, id, title, content, images, date, rate, heart, runtime)
  SELECT rowid, randomblob(16), title, content, '[]', (julianday(date) - 2451910.5) * 86400,
    CAST(rate AS INTEGER), CAST(heart AS INTEGER), NULL FROM input;
INSERT INTO "_search_movies_fts" (rowid, title, content) SELECT rowid, title, content FROM movies;
CREATE TEMP TABLE pairs AS
  SELECT rowid AS movie, substr(tags, 1, instr(tags, '|') - 1) AS name FROM input WHERE tags <> ''
  UNION ALL SELECT rowid, substr(tags, instr(tags, '|') + 1) FROM input WHERE tags <> '';
INSERT INTO tags (id, name) SELECT randomblob(16), name FROM (SELECT DISTINCT name FROM pairs);
INSERT INTO movie_tags (id, movieID, tagID)
  SELECT CAST(printf('%016d', row_number() OVER (ORDER BY m.id, t.id)) AS BLOB), m.id, t.id
  FROM pairs JOIN movies AS m ON m.rowid = pairs.movie JOIN tags AS t ON t.name = pairs.name
  ORDER BY m.id, t.id;
CREATE INDEX "movies_date_title_id" ON "movies" ("date", "title", "id");
CREATE INDEX "movies_rate" ON "movies" ("rate");
CREATE INDEX "movie_tags_tagID" ON "movie_tags" ("tagID");
CREATE TRIGGER "_search_movies_insert" AFTER INSERT ON "movies" BEGIN INSERT INTO "_search_movies_pending" ("row", "deleted", "title", "content") VALUES (new.rowid, 0, new."title", new."content"); END;
DROP TABLE input;
COMMIT;
