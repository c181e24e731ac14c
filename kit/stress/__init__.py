"""``stress``: the bundle against the problem's reference on random inputs.

- ``engine``     the stress module (guarded), the bundle judged on its files, the search
- ``shrink``     shrinking a failing random case
"""
