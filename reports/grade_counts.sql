-- Per graded board and grade: deals, their share of the board's won deals, the mean share of
-- playouts won, the median winning line length and positions searched. grade_counts: grades_views.sql.
SELECT board, grade, deals, pct, mean_share, median_line, median_nodes FROM grade_counts
ORDER BY board, list_position(['easy', 'medium', 'hard', 'expert'], grade);
