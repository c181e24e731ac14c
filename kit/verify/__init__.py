"""``verify``: a problem package checked as its judge would check it, its jury submissions run
and its own data and programs tried.

- ``judging``               each submission run as its judge runs it; the limit derived
- ``runnable_submissions``  whether a submission can run here at all
- ``judged_submissions``    what was found of one submission (``Judged``)
- ``submission_scores``     a run scored and graded as its package asks
- ``grading``               a Kattis default grader's verdict over a test data group
- ``grader_program``        a package's own grader, run as problemtools runs one
- ``score_aggregation``     a 2025-09 scoring problem's scores
- ``polygon_points``        a Polygon scoring problem's score: its tests' and its checker's points
- ``verdict_agreement``     whether a submission's verdicts agree with what its package allows
- ``limit_inference``       the time limit a later-format package's own submissions give it
- ``testdata_check``        the test data checked as problemtools checks it
- ``input_check``           the input validators run on every case's input
- ``output_check``          the checker given junk, odd outputs and its own answers
- ``generated_tests``       a Polygon package's missing generated tests made by its generators
- ``made_answers``          a Polygon package's missing answers made by its main solution
- ``report``                the lines ``cpkit verify`` prints of those checks, and its defects
"""
