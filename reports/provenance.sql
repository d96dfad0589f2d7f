-- The engine builds that made the verdicts (a folder holds one: pipeline/engine_build.py).
SELECT engine_version, count(*) AS rows FROM verdicts_all GROUP BY engine_version ORDER BY engine_version;
