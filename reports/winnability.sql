-- The winnability run (docs/results.md, written by reports/results.py): per board, the deals solved,
-- won / lost / unknown / error, the won share with its 95 % Wilson score interval (unknown deals count
-- as not won, so it is a floor; the ceiling counts them as won), the published figure of the same
-- rules beside it (reports/published.csv, the 1,000,000-deal row), the difference in standard errors
-- (z: ours against the published point, both sampling errors counted, the published "± h" read as a
-- 95 % half-width, h / 1.96 its standard error; |z| < 1.96 means the two agree at the 5 % level), and
-- deals per second of solver time. board_counts and wilson: views.sql.
WITH w AS (
    SELECT *, won / deals AS p FROM board_counts
), pub AS (
    SELECT board, first(winnable ORDER BY winnable) AS published
    FROM published WHERE n = '1,000,000' GROUP BY board
), pubv AS (
    SELECT board, published,
           TRY_CAST(regexp_extract(published, '^([0-9.]+) % ± ([0-9.]+) %$', 1) AS DOUBLE) / 100 AS pub_p,
           TRY_CAST(regexp_extract(published, '^([0-9.]+) % ± ([0-9.]+) %$', 2) AS DOUBLE) / 100 / 1.959963984540054 AS pub_se
    FROM pub
)
SELECT w.board, deals, won, lost, unknown, error, budget_min, budget_max,
       100 * p AS won_pct,
       100 * wilson(won, deals, -1) AS won_lo_pct,
       100 * wilson(won, deals, 1) AS won_hi_pct,
       100 * (won + unknown) / deals AS ceiling_pct,
       pubv.published,
       (p - pub_p) / sqrt(p * (1 - p) / deals + pub_se * pub_se) AS z_floor,
       ((won + unknown) / deals - pub_p)
           / sqrt(((won + unknown) / deals) * (1 - (won + unknown) / deals) / deals + pub_se * pub_se) AS z_ceiling,
       deals / nullif(solver_seconds, 0) AS deals_per_solver_second
FROM w LEFT JOIN pubv USING (board) ORDER BY w.board DESC;
