-- For the plot: the exact pass-rate curve, one step per won deal (its node count).
WITH b AS (SELECT board, count(*) AS n FROM verdicts GROUP BY board)
SELECT v.board, v.nodes, 100 * row_number() OVER (PARTITION BY v.board ORDER BY v.nodes, v.code) / b.n AS pass_pct
FROM verdicts v JOIN b USING (board)
WHERE v.verdict = 'won'
ORDER BY v.board, v.nodes, v.code;
