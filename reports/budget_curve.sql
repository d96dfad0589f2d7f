-- Pass rate as a function of the node budget, exact since the search is deterministic: at budget b
-- a deal is won iff it was won using at most b positions. Exact up to the smallest budget any
-- unknown deal of the board was tried at (above it an unknown might have been won).
WITH b AS (
    SELECT board, count(*) AS n,
           coalesce(min(budget) FILTER (WHERE verdict IN ('unknown', 'error')), max(budget)) AS cap
    FROM verdicts GROUP BY board
), grid AS (
    SELECT board, n, cap, CAST(round(pow(10, k / 4.0)) AS BIGINT) AS nodes FROM b, range(4, 49) t(k)
    UNION SELECT board, n, cap, cap FROM b
)
SELECT g.board, g.nodes AS budget, count(v.code) AS won, 100 * count(v.code) / g.n AS pass_pct
FROM grid g
LEFT JOIN verdicts v ON v.board = g.board AND v.verdict = 'won' AND v.nodes <= g.nodes
WHERE g.nodes <= g.cap
GROUP BY g.board, g.nodes, g.n ORDER BY g.board, budget;
