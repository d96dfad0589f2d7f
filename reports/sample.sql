-- The deal sample per board: how many deals were drawn, how many numbered (their range) and random.
SELECT board, count(*) AS sampled, count(number) AS numbered, min(number) AS first_number,
       max(number) AS last_number, count(*) - count(number) AS random
FROM deals GROUP BY board ORDER BY board;
