-- The grades' views (issue 33; pipeline/grades.py writes the table). The placeholders (the grades'
-- read, or an empty table of its columns while the folder has none; the registry's boards with
-- their grading, from the engine) are filled in by the pipeline (pipeline/analysts.py).
-- gradings: per board, whether it is graded, its player version, K and thresholds, or why not.
CREATE OR REPLACE VIEW gradings AS SELECT * REPLACE (CAST(playouts AS BIGINT) AS playouts) FROM ({gradings});
CREATE OR REPLACE VIEW grades_all AS {grades};
-- grades: the current grade of each won deal (the row of its board's grading: same player version,
-- K and thresholds), with the share won and the verdict's line length and positions searched
-- (the secondary measures, joined from the row that counts, never copied).
CREATE OR REPLACE VIEW grades AS
SELECT g.board, g.code, g.grade, g.wins, g.playouts, g.wins / g.playouts AS share, g.low, g.high,
       g.won_moves, g.version, v.line_length, v.nodes, v.budget
FROM grades_all g
JOIN gradings r ON r.board = g.board AND r.graded AND r.version = g.version AND r.playouts = g.playouts
     AND r.thresholds = g.thresholds
JOIN verdicts v ON v.board = g.board AND v.code = g.code AND v.verdict = 'won';
-- Per graded board: its won deals of each grade, and the median line length and positions searched
-- of each grade (does a harder grade take longer lines, more search?).
CREATE OR REPLACE VIEW grade_counts AS
SELECT board, grade, count(*) AS deals, round(100 * count(*) / sum(count(*)) OVER (PARTITION BY board), 1) AS pct,
       round(avg(share), 3) AS mean_share, median(line_length) AS median_line, median(nodes) AS median_nodes
FROM grades GROUP BY board, grade;
