-- Per board, every deal's counting row for the board pages: its verdict, positions searched and
-- line length (the distributions), why an undecided deal stopped. verdicts: views.sql.
SELECT board, code, verdict, reason, nodes, budget, line_length
FROM verdicts ORDER BY board, code;
