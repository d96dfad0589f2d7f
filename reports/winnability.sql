-- The winnability run (docs/results.md, written by reports/results.py): per board, the deals solved,
-- won / lost / unknown / error, the won share with its 95 % Wilson score interval (unknown deals count
-- as not won, so it is a floor; the ceiling counts them as won), the published figure of the same
-- rules beside it (reports/published.csv, the 1,000,000-deal row), and deals per second of solver time.
WITH c AS (
    SELECT board,
           count(*) AS deals,
           count(*) FILTER (WHERE verdict = 'won') AS won,
           count(*) FILTER (WHERE verdict = 'lost') AS lost,
           count(*) FILTER (WHERE verdict = 'unknown') AS unknown,
           count(*) FILTER (WHERE verdict = 'error') AS error,
           min(budget) AS budget_min, max(budget) AS budget_max,
           sum(seconds) AS solver_seconds
    FROM verdicts GROUP BY board
), w AS (
    SELECT *, won / deals AS p, 1.959963984540054 AS z FROM c
), pub AS (
    SELECT board, first(winnable ORDER BY winnable) AS published
    FROM published WHERE n = '1,000,000' GROUP BY board
)
SELECT w.board, deals, won, lost, unknown, error, budget_min, budget_max,
       100 * p AS won_pct,
       100 * (p + z * z / (2 * deals) - z * sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)))
           / (1 + z * z / deals) AS won_lo_pct,
       100 * (p + z * z / (2 * deals) + z * sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)))
           / (1 + z * z / deals) AS won_hi_pct,
       100 * (won + unknown) / deals AS ceiling_pct,
       pub.published,
       deals / nullif(solver_seconds, 0) AS deals_per_solver_second
FROM w LEFT JOIN pub USING (board) ORDER BY w.board DESC;
