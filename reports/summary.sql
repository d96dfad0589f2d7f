-- Per board: deals solved, verdicts, pass rate (won / solved) with a 95 % Wilson score interval,
-- and won % among the decided deals (won + lost).
WITH c AS (
    SELECT board,
           count(*) AS deals,
           count(*) FILTER (WHERE verdict = 'won') AS won,
           count(*) FILTER (WHERE verdict = 'lost') AS lost,
           count(*) FILTER (WHERE verdict = 'unknown') AS unknown,
           count(*) FILTER (WHERE verdict = 'error') AS error,
           max(budget) AS budget
    FROM verdicts GROUP BY board
), w AS (
    SELECT *, won / deals AS p, 1.959963984540054 AS z FROM c
)
SELECT board, deals, won, lost, unknown, error, budget,
       100 * p AS pass_pct,
       100 * (p + z * z / (2 * deals) - z * sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)))
           / (1 + z * z / deals) AS pass_lo_pct,
       100 * (p + z * z / (2 * deals) + z * sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)))
           / (1 + z * z / deals) AS pass_hi_pct,
       100 * won / nullif(won + lost, 0) AS won_of_decided_pct
FROM w ORDER BY board;
