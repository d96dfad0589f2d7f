-- The views every report query reads. {deals} and {verdicts} are the tables' read globs,
-- {published} the cited table of published figures (reports/published.csv).
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
CREATE OR REPLACE VIEW published AS SELECT * FROM read_csv({published}, header = true, all_varchar = true);
-- Per board: deals, verdicts, pass rate (won / deals) and its 95 % Wilson score interval, in %.
CREATE OR REPLACE VIEW pass_rates AS
WITH c AS (
    SELECT board, count(*) AS deals,
           count(*) FILTER (WHERE verdict = 'won') AS won,
           count(*) FILTER (WHERE verdict = 'lost') AS lost,
           count(*) FILTER (WHERE verdict = 'unknown') AS unknown,
           max(budget) AS budget
    FROM verdicts GROUP BY board
), w AS (SELECT *, won / deals AS p, 1.959963984540054 AS z FROM c)
SELECT board, deals, won, lost, unknown, budget, 100 * p AS pass_pct,
       100 * (p + z * z / (2 * deals) - z * sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)))
           / (1 + z * z / deals) AS pass_lo_pct,
       100 * (p + z * z / (2 * deals) + z * sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)))
           / (1 + z * z / deals) AS pass_hi_pct
FROM w;
