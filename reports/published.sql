-- Our pass rate beside the published winnability figures (reports/published.csv, sources cited
-- there). Ours is a floor: unknown deals count as not won.
WITH c AS (
    SELECT board, count(*) AS deals, 100 * count(*) FILTER (WHERE verdict = 'won') / count(*) AS ours_pct,
           100 * count(*) FILTER (WHERE verdict IN ('won', 'unknown')) / count(*) AS ceiling_pct
    FROM verdicts GROUP BY board
)
SELECT p.board, c.deals, c.ours_pct, c.ceiling_pct, p.winnable AS published, p.winnable_pct AS published_pct,
       p.n AS published_n,
       p.rules, p.source
FROM published p JOIN c USING (board)
ORDER BY p.board, p.ordinal;
