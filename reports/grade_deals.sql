-- Every graded won deal for the board pages' plot: its share of playouts won, grade, line length
-- and positions searched. grades: grades_views.sql.
SELECT board, code, grade, share, line_length, nodes FROM grades ORDER BY board, code;
