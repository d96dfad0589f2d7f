-- The views every report query reads. {deals} and {verdicts} are the tables' read globs,
-- {published} the cited table of published figures (reports/published.csv).
CREATE OR REPLACE VIEW deals AS SELECT * FROM read_parquet({deals});
CREATE OR REPLACE VIEW verdicts_all AS SELECT * FROM read_parquet({verdicts});
-- The row that counts for a deal: a decided one (won/lost hold at every larger budget), else the
-- attempt with the largest budget.
CREATE OR REPLACE VIEW verdicts AS
SELECT * EXCLUDE (rk) FROM (
    SELECT *, row_number() OVER (
        PARTITION BY board, code
        ORDER BY verdict IN ('won', 'lost') DESC, budget DESC) AS rk
    FROM verdicts_all)
WHERE rk = 1;
CREATE OR REPLACE VIEW published AS SELECT * FROM read_csv({published}, header = true, all_varchar = true);
