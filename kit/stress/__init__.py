"""``stress``: the bundle against a brute force on random inputs.

- ``source``     what a run generates and judges against: the stress module (guarded), the
                 user's generator and brute-force programs, the interactor
- ``programs``   the user's programs (``--gen``, ``--brute``), any language, run as the bundle
- ``engine``     the bundle judged (or played) on generated files, the search
- ``progress``   the programs running now, and the live line naming a slow one
- ``shrink``     shrinking a failing random case
- ``inputs``     an input a message is about: shown in it when short, else kept in a file
"""
