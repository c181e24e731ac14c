"""``building``: one problem built through the stages (bundle, check, run), what the build came
to, and what it writes and prints.

- ``pipeline``      the stages run for one problem; ``dist/<slug>.py`` only when it passed
- ``results``       what a build of one problem came to (``Result``, ``Status``)
- ``bundle_files``  the bundle's file: staged outside the workspace, then moved into ``dist/``
- ``report``        progress lines, the final table, ``-v``, ``--diff`` and ``--watch`` lines
- ``heartbeat``     a long problem's line every 30 s where stderr is no terminal (a log)
"""
