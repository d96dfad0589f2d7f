-- Per board of the pool: is it graded (the engine's player and thresholds: gradings), its K, its won
-- deals of each grade, and why it is not graded. gradings, grades: grades_views.sql.
SELECT r.board, r.graded, r.playouts AS k,
       count(g.code) FILTER (WHERE g.grade = 'easy') AS easy,
       count(g.code) FILTER (WHERE g.grade = 'medium') AS medium,
       count(g.code) FILTER (WHERE g.grade = 'hard') AS hard,
       count(g.code) FILTER (WHERE g.grade = 'expert') AS expert,
       r.note AS not_graded_because
FROM gradings r LEFT JOIN grades g USING (board)
WHERE r.board IN (SELECT board FROM verdicts)
GROUP BY r.board, r.graded, r.playouts, r.note ORDER BY r.board;
