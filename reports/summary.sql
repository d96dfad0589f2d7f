-- Per board: deals solved, verdicts, pass rate (won / solved) with a 95 % Wilson score interval,
-- won % among the decided deals (won + lost), and whether "won" foresees the redeals (a seeded
-- game's). board_counts, boards and wilson: views.sql.
SELECT board, deals, won, lost, unknown, error, budget_max AS budget,
       100 * won / deals AS pass_pct,
       100 * wilson(won, deals, -1) AS pass_lo_pct,
       100 * wilson(won, deals, 1) AS pass_hi_pct,
       100 * won / nullif(won + lost, 0) AS won_of_decided_pct,
       coalesce(b.redeals_foreseen, false) AS redeals_foreseen
FROM board_counts LEFT JOIN boards b USING (board) ORDER BY board;
