-- The views every report query reads. The placeholders (the tables' read globs, relative to the data
-- folder in dealpool.duckdb: pipeline/analysts.py; the cited published figures, reports/published.csv,
-- written in as values so the file needs no other file; the registry's boards with redeals_foreseen:
-- a game whose redeals shuffle with the deal's seed is won by a search that foresees every redeal)
-- are filled in by the pipeline. No placeholder sits in a comment: a value stays where it is put.
CREATE OR REPLACE VIEW deals AS SELECT * FROM read_parquet({deals});
CREATE OR REPLACE VIEW verdicts_all AS SELECT * FROM read_parquet({verdicts});
-- The row that counts for a deal: a decided one (won/lost hold at every larger budget), else the
-- attempt with the largest budget.
CREATE OR REPLACE VIEW verdicts AS
SELECT * EXCLUDE (rk) FROM (
    SELECT *, row_number() OVER (
        PARTITION BY board, code
        ORDER BY verdict IN ('won', 'lost') DESC, budget DESC) AS rk
    FROM verdicts_all)
WHERE rk = 1;
CREATE OR REPLACE VIEW published AS {published};
CREATE OR REPLACE VIEW boards AS {boards};
-- The 95 % Wilson score interval of k successes in n trials, as a share: its lower end for side -1,
-- its upper end for side +1 (z = 1.96). Every pass rate and winnability figure uses this one.
CREATE OR REPLACE MACRO wilson(k, n, side) AS
    (k / n + 1.959963984540054 ^ 2 / (2 * n)
     + side * 1.959963984540054 * sqrt((k / n) * (1 - k / n) / n + 1.959963984540054 ^ 2 / (4 * n * n)))
    / (1 + 1.959963984540054 ^ 2 / n);
-- Per board: deals, each verdict's count, the budgets and the solves' own seconds.
CREATE OR REPLACE VIEW board_counts AS
SELECT board, count(*) AS deals,
       count(*) FILTER (WHERE verdict = 'won') AS won,
       count(*) FILTER (WHERE verdict = 'lost') AS lost,
       count(*) FILTER (WHERE verdict = 'unknown') AS unknown,
       count(*) FILTER (WHERE verdict = 'error') AS error,
       min(budget) AS budget_min, max(budget) AS budget_max,
       sum(seconds) AS solver_seconds
FROM verdicts GROUP BY board;
-- Per board: deals, verdicts, pass rate (won / deals) and its 95 % Wilson score interval, in %.
-- redeals_foreseen: "won" is won with every redeal's shuffle known (boards view).
CREATE OR REPLACE VIEW pass_rates AS
SELECT board, deals, won, lost, unknown, budget_max AS budget, 100 * won / deals AS pass_pct,
       100 * wilson(won, deals, -1) AS pass_lo_pct, 100 * wilson(won, deals, 1) AS pass_hi_pct,
       coalesce(b.redeals_foreseen, false) AS redeals_foreseen
FROM board_counts LEFT JOIN boards b USING (board);
