"""A count and its noun, as the commands' lines say it (``verify``'s, ``stress``'s, ``bench``'s).

API::

    counted(count, noun) -> str   # "1 case", "2 cases"
"""


def counted(count: int, noun: str) -> str:
    """``1 case``, ``2 cases``: a count and its noun, in the singular for one."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
