-- The winnability run's undecided deals (unknown or error), listed by code with why and how far.
SELECT board, code, verdict, reason, nodes, budget
FROM verdicts WHERE verdict IN ('unknown', 'error') ORDER BY board DESC, code;
