-- Per board: length of the winning lines (moves in the notation, stock taps spelled out).
SELECT board, count(*) AS won, min(line_length) AS min,
       quantile_disc(line_length, 0.5) AS p50, quantile_disc(line_length, 0.9) AS p90,
       max(line_length) AS max, round(avg(line_length), 1) AS mean
FROM verdicts WHERE verdict = 'won' GROUP BY board ORDER BY board;
