-- Per board and verdict: positions searched (node-count percentiles).
SELECT board, verdict, count(*) AS deals,
       quantile_disc(nodes, 0.5) AS p50, quantile_disc(nodes, 0.9) AS p90,
       quantile_disc(nodes, 0.99) AS p99, max(nodes) AS max, CAST(round(avg(nodes)) AS BIGINT) AS mean
FROM verdicts WHERE verdict IN ('won', 'lost', 'unknown')
GROUP BY board, verdict ORDER BY board, verdict;
